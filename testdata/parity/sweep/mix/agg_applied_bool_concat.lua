function AggregateStatus(desiredObj, statusItems)
  local s = ""
  for _, it in ipairs(statusItems) do
    s = s .. it.clusterName .. "=" .. it.applied .. ";"
  end
  desiredObj.status = {s = s}
  return desiredObj
end
