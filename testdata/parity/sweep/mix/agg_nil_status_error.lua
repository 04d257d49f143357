function AggregateStatus(desiredObj, statusItems)
  local total = 0
  for _, it in ipairs(statusItems) do
    total = total + it.status.replicas
  end
  desiredObj.status = {replicas = total}
  return desiredObj
end
