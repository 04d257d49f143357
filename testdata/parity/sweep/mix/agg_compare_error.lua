function AggregateStatus(desiredObj, statusItems)
  local ok, e = pcall(function() return statusItems[1].status.replicas < "3" end)
  local ok2, e2 = pcall(function() return {} < {} end)
  local ok3, e3 = pcall(function() return nil < 1 end)
  desiredObj.status = {e = tostring(e), e2 = tostring(e2), e3 = tostring(e3)}
  return desiredObj
end
