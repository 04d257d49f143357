function InterpretHealth(observedObj)
  for i = 1, observedObj.status.conditions do end
  return true
end
