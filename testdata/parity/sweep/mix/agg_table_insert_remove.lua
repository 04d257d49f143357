function AggregateStatus(desiredObj, statusItems)
  local l = {}
  for _, it in ipairs(statusItems) do table.insert(l, 1, it.clusterName) end
  local last = table.remove(l)
  table.insert(l, #l + 2, "gap")
  desiredObj.status = {l = table.concat(l, ",", 1, 2), last = last, n = #l, third = tostring(l[3])}
  return desiredObj
end
