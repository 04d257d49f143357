function InterpretHealth(observedObj)
  observedObj.metadata.name.field = 1
  return true
end
