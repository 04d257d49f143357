function InterpretHealth(observedObj)
  return observedObj.spec.paused.value == nil
end
