function InterpretHealth(observedObj)
  return #observedObj.spec.replicas > 0
end
