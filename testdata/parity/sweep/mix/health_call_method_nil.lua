function InterpretHealth(observedObj)
  return observedObj.metadata.name:isReady()
end
