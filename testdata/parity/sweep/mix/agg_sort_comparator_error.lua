function AggregateStatus(desiredObj, statusItems)
  local list = {}
  for _, it in ipairs(statusItems) do list[#list + 1] = it end
  table.sort(list, function(a, b) return a.status.replicas < b.status.replicas end)
  desiredObj.status = {n = #list}
  return desiredObj
end
