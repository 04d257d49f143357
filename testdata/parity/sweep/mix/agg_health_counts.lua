function AggregateStatus(desiredObj, statusItems)
  local counts = {}
  for _, it in ipairs(statusItems) do
    local h = it.health or "Unknown"
    counts[h] = (counts[h] or 0) + 1
  end
  local text = {}
  for k, v in pairs(counts) do text[#text + 1] = k .. "=" .. v end
  desiredObj.status = {health = table.concat(text, ";")}
  return desiredObj
end
