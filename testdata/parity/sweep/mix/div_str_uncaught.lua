function InterpretHealth(observedObj)
  return observedObj.spec.replicas / "x" > 0
end
