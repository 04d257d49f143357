function AggregateStatus(desiredObj, statusItems)
  local seen = {}
  local keys = ""
  for _, item in ipairs(statusItems) do
    local st = item.status or {}
    for _, c in ipairs(st.conditions or {}) do
      if not seen[c.type] then seen[c.type] = 0 end
      seen[c.type] = seen[c.type] + 1
    end
  end
  for k, v in pairs(seen) do keys = keys .. k .. ":" .. v .. ";" end
  desiredObj.status = {keys = keys}
  return desiredObj
end
