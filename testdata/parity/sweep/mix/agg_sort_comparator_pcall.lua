function AggregateStatus(desiredObj, statusItems)
  local list = {}
  for _, it in ipairs(statusItems) do list[#list + 1] = it end
  local ok, err = pcall(table.sort, list, function(a, b) return a.status.replicas < b.status.replicas end)
  desiredObj.status = {ok = ok, err = tostring(err)}
  return desiredObj
end
