local function need(v, what)
  if v == nil then error(what .. " is missing", 2) end
  return v
end
function AggregateStatus(desiredObj, statusItems)
  for _, it in ipairs(statusItems) do
    need(it.status, "status of " .. it.clusterName)
  end
  return desiredObj
end
