function InterpretHealth(observedObj)
  return tonumber(observedObj.metadata.name) + 1 > 0
end
