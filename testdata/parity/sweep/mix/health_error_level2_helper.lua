local function check(cond, msg)
  if not cond then error(msg, 2) end
end
function InterpretHealth(observedObj)
  check(observedObj.status.readyReplicas == observedObj.spec.replicas,
    "ready " .. observedObj.status.readyReplicas)
  return true
end
