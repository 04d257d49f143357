function InterpretHealth(observedObj)
  return -observedObj.spec < 0
end
