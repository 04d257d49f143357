function InterpretHealth(observedObj)
  return string.format("%d replicas", observedObj.metadata.name) ~= ""
end
