function InterpretHealth(observedObj)
  return #observedObj.status.conditions == 3 and #observedObj.status.holes == 2
end
