function ReflectStatus(observedObj)
  local r = {}
  for _, v in ipairs({2^53 + 1, 2^63, 1e100, 5e-324, 0.1 + 0.2, 100, -100.5, 1e21, 123e-7}) do r[#r + 1] = "" .. v end
  return {r = table.concat(r, " ")}
end
