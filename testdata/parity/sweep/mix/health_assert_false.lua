function InterpretHealth(observedObj)
  assert(observedObj.status.readyReplicas == 3, "not all ready: " .. observedObj.status.readyReplicas)
  return true
end
