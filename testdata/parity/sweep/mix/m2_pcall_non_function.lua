function ReflectStatus(observedObj)
  local ok, e = pcall(nil)
  local ok2, e2 = pcall({})
  local ok3, e3 = pcall()
  return {e = tostring(e), e2 = tostring(e2), e3 = tostring(e3)}
end
