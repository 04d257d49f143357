function AggregateStatus(desiredObj, statusItems)
  local total = 0
  local ok, e = pcall(function()
    for _, it in ipairs(statusItems) do total = total + it.clusterName end
  end)
  desiredObj.status = {ok = ok, e = tostring(e), total = total}
  return desiredObj
end
