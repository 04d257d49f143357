function InterpretHealth(observedObj)
  return string.rep(observedObj.metadata.name) ~= ""
end
