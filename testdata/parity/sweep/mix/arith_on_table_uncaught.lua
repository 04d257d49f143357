function InterpretHealth(observedObj)
  return observedObj.spec + 1 > 0
end
