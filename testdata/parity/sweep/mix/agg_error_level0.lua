function AggregateStatus(desiredObj, statusItems)
  local ok, e = pcall(error, "plain", 0)
  local ok2, e2 = pcall(function() error("lvl1", 1) end)
  local ok3, e3 = pcall(function() error("lvl3", 3) end)
  desiredObj.status = {e = e, e2 = e2, e3 = tostring(e3)}
  return desiredObj
end
