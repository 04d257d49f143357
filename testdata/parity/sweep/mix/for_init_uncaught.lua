function InterpretHealth(observedObj)
  for i = observedObj.metadata.name, 3 do end
  return true
end
