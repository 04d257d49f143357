function AggregateStatus(desiredObj, statusItems)
  local total, ready = 0, 0
  for _, it in ipairs(statusItems) do
    if it.status then
      total = total + it.status.replicas
      ready = ready + it.status.readyReplicas
    end
  end
  desiredObj.status = {summary = ready .. "/" .. total .. " ready (" .. (ready / total * 100) .. "%)", third = "x" .. 1/3, big = "n" .. 2^53, e = "e" .. 1e15, neg = "z" .. -0.0}
  return desiredObj
end
