local function need(v, what)
  if v == nil then error(what .. " is missing", 2) end
  return v
end
function AggregateStatus(desiredObj, statusItems)
  local msgs = {}
  for _, it in ipairs(statusItems) do
    local ok, err = pcall(function()
      return need(it.status, "status of " .. it.clusterName).replicas
    end)
    msgs[#msgs + 1] = tostring(ok) .. ":" .. tostring(err)
  end
  desiredObj.status = {msgs = msgs}
  return desiredObj
end
