function InterpretHealth(observedObj)
  return observedObj.metadata.name() == nil
end
