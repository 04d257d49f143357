function InterpretHealth(observedObj)
  for w in string.gmatch(observedObj.metadata.name, "(") do end
  return true
end
