function ReflectStatus(observedObj)
  local found
  for _, c in ipairs(observedObj.status.conditions) do
    for _, want in ipairs({"ReplicaFailure", "Progressing"}) do
      if c.type == want then found = c.type; goto done end
    end
  end
  ::done::
  return {found = found}
end
