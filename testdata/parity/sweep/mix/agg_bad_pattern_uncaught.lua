function AggregateStatus(desiredObj, statusItems)
  for _, it in ipairs(statusItems) do
    local m = string.match(it.clusterName, "(%w+")
  end
  return desiredObj
end
