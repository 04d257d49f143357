function AggregateStatus(desiredObj, statusItems)
  local byType = {}
  local order = {}
  for _, item in ipairs(statusItems) do
    if item.status ~= nil and item.status.conditions ~= nil then
      for _, c in ipairs(item.status.conditions) do
        if byType[c.type] == nil then byType[c.type] = {} end
        table.insert(byType[c.type], item.clusterName .. "=" .. c.status)
      end
    end
  end
  local conds = {}
  for t, list in pairs(byType) do
    conds[#conds + 1] = {type = t, message = table.concat(list, ","), count = #list}
  end
  desiredObj.status = {conditions = conds}
  return desiredObj
end
