function InterpretHealth(observedObj)
  for i = 1, 3, observedObj.status.missing do end
  return true
end
