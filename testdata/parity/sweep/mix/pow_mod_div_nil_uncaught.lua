function InterpretHealth(observedObj)
  return (observedObj.spec.replicas % observedObj.spec.missing) == 0
end
