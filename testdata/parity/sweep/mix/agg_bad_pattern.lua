function AggregateStatus(desiredObj, statusItems)
  local ok, e = pcall(string.find, "east-1", "[a-")
  local ok2, e2 = pcall(string.match, "abc", "%")
  local ok3, e3 = pcall(string.gsub, "abc", "(b", "x")
  desiredObj.status = {e = tostring(e), e2 = tostring(e2), e3 = tostring(e3)}
  return desiredObj
end
