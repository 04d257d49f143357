function AggregateStatus(desiredObj, statusItems)
  local ok, e = pcall(function() return #statusItems[3].status end)
  local ok2, e2 = pcall(function() return #5 end)
  local ok3, e3 = pcall(function() return -{} end)
  desiredObj.status = {e = tostring(e), e2 = tostring(e2), e3 = tostring(e3)}
  return desiredObj
end
