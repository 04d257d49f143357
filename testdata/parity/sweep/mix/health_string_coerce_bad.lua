function InterpretHealth(observedObj)
  local v = observedObj.status.conditions[1].status + 1
  return v > 0
end
