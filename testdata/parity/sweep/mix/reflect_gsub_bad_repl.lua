function ReflectStatus(observedObj)
  local ok, e = pcall(string.gsub, "abc", "b", "%2")
  local ok2, e2 = pcall(string.gsub, "abc", "b", true)
  return {e = tostring(e), e2 = tostring(e2)}
end
