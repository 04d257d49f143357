function InterpretHealth(observedObj)
  local bad = 0
  for i = 1, #observedObj.status.conditions do
    local c = observedObj.status.conditions[i]
    if c.type == "Progressing" then goto skip end
    if c.status ~= "True" and c.type ~= "ReplicaFailure" then bad = bad + 1 end
    ::skip::
  end
  return bad == 0
end
