function InterpretHealth(observedObj)
  return observedObj.status.conditions > 1
end
