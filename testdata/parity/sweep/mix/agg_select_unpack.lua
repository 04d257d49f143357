function AggregateStatus(desiredObj, statusItems)
  local names = {}
  for i, it in ipairs(statusItems) do names[i] = it.clusterName end
  local a, b = select(2, unpack(names))
  local ok, e = pcall(select, "2", unpack(names))
  local ok2, e2 = pcall(unpack, names, 1, "2")
  desiredObj.status = {a = a, b = b, n = select("#", unpack(names)), e = tostring(e), e2 = tostring(e2)}
  return desiredObj
end
