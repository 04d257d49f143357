function AggregateStatus(desiredObj, statusItems)
  local ok, e = pcall(function() return "x" .. statusItems[3].status end)
  local ok2, e2 = pcall(function() return "x" .. {} end)
  local ok3, e3 = pcall(function() return true .. "x" end)
  desiredObj.status = {e = tostring(e), e2 = tostring(e2), e3 = tostring(e3)}
  return desiredObj
end
