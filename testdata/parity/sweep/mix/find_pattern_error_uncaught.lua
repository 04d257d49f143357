function InterpretHealth(observedObj)
  return string.find(observedObj.metadata.name, "%") ~= nil
end
