function InterpretHealth(observedObj)
  return observedObj.spec.replicas.value == nil
end
