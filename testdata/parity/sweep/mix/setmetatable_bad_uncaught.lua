function InterpretHealth(observedObj)
  setmetatable(observedObj, 5)
  return true
end
