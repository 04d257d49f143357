function AggregateStatus(desiredObj, statusItems)
  local replicas, ready = 0, 0
  local parts = {}
  for i = 1, #statusItems do
    local s = statusItems[i].status
    if s ~= nil then
      replicas = replicas + (s.replicas or 0)
      ready = ready + (s.readyReplicas or 0)
      parts[#parts + 1] = statusItems[i].clusterName .. ":" .. (s.readyReplicas or 0) / (s.replicas or 1)
    end
  end
  desiredObj.status = {replicas = replicas, readyReplicas = ready, message = table.concat(parts, " "), ratio = ready / replicas}
  return desiredObj
end
