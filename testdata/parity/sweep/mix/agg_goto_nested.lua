function AggregateStatus(desiredObj, statusItems)
  local out = {}
  for _, it in ipairs(statusItems) do
    local conds = it.status and it.status.conditions or {}
    for j = 1, #conds do
      local c = conds[j]
      if c.status ~= "True" then goto next_cond end
      out[#out + 1] = it.clusterName .. "/" .. c.type .. "#" .. j
      ::next_cond::
    end
  end
  desiredObj.status = {trueConds = out}
  return desiredObj
end
