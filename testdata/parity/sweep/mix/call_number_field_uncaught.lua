function InterpretHealth(observedObj)
  return observedObj.spec.replicas() == nil
end
