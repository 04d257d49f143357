function InterpretHealth(observedObj)
  for k, v in ipairs(observedObj.status.missing) do end
  return true
end
