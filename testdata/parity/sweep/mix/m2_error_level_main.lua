function ReflectStatus(observedObj)
  local function f() error("lvl2 from f", 2) end
  local ok, e = pcall(f)
  local ok2, e2 = pcall(function() f() end)
  return {e = tostring(e), e2 = tostring(e2)}
end
