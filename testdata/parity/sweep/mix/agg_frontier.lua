function AggregateStatus(desiredObj, statusItems)
  local ok, e = pcall(string.find, "the cat", "%f[%w]%w+")
  desiredObj.status = {ok = ok, e = tostring(e)}
  return desiredObj
end
