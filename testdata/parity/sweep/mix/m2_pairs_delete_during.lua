function ReflectStatus(observedObj)
  local t = {}
  for i = 1, 6 do t["k" .. i] = i end
  local seen = {}
  for k, v in pairs(t) do
    seen[#seen + 1] = k
    if v % 2 == 0 then t[k] = nil end
  end
  local left = {}
  for k in pairs(t) do left[#left + 1] = k end
  return {seen = table.concat(seen, ","), left = table.concat(left, ",")}
end
