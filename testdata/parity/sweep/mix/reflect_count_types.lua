function ReflectStatus(observedObj)
  local counts = {}
  for _, c in ipairs(observedObj.status.conditions) do
    counts[c.status] = (counts[c.status] or 0) + 1
  end
  local s = ""
  for k, v in pairs(counts) do s = s .. k .. v end
  return {summary = s, n = #observedObj.status.conditions}
end
