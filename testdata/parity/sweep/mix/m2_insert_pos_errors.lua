function ReflectStatus(observedObj)
  local t = {1, 2, 3}
  local ok, e = pcall(table.insert, t, 0, "x")
  local ok2, e2 = pcall(table.insert, t, 1, 2, 3)
  local ok3, e3 = pcall(table.insert, nil, 1)
  return {e = tostring(e), e2 = tostring(e2), e3 = tostring(e3), n = #t}
end
