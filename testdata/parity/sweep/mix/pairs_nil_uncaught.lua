function InterpretHealth(observedObj)
  for k, v in pairs(observedObj.status.missing) do end
  return true
end
