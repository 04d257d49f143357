function AggregateStatus(desiredObj, statusItems)
  local lens = {}
  for _, it in ipairs(statusItems) do
    local c = it.status and it.status.conditions
    lens[#lens + 1] = it.clusterName .. "=" .. (c and #c or -1)
    if c then
      local n = 0
      for k in pairs(c) do n = n + 1 end
      lens[#lens + 1] = "pairs" .. n
    end
  end
  desiredObj.status = {lens = table.concat(lens, ",")}
  return desiredObj
end
