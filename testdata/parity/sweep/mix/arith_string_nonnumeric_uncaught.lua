function InterpretHealth(observedObj)
  return observedObj.metadata.name * 2 > 0
end
