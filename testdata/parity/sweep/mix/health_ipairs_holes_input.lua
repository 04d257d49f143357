function InterpretHealth(observedObj)
  local n = 0
  for i, v in ipairs(observedObj.status.holes) do n = n + v end
  return n == 4
end
