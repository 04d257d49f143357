function AggregateStatus(desiredObj, statusItems)
  local ok, e = pcall(function() for i = statusItems[1].clusterName, 3 do end end)
  local ok2, e2 = pcall(function() for i = 1, nil do end end)
  local ok3, e3 = pcall(function() for i = 1, 3, {} do end end)
  local ok4, e4 = pcall(function() for i = "1", "3" do end end)
  desiredObj.status = {e = tostring(e), e2 = tostring(e2), e3 = tostring(e3), e4 = tostring(e4)}
  return desiredObj
end
