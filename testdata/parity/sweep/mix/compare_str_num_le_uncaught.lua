function InterpretHealth(observedObj)
  return observedObj.metadata.name <= 1
end
