function InterpretHealth(observedObj)
  observedObj.status.missing.field = 1
  return true
end
