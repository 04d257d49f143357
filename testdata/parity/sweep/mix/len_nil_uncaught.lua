function InterpretHealth(observedObj)
  return #observedObj.status.missing > 0
end
