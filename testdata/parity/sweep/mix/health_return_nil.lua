function InterpretHealth(observedObj)
  if observedObj.status.readyReplicas > 5 then return true end
end
