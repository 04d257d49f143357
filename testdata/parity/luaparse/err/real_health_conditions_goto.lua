function InterpretHealth(obj)
  if obj.status == nil then return false end
  for _, c in ipairs(obj.status.conditions or {}) do
    if c.type ~= 'Available' then goto continue end
    if c.status == 'True' then return true end
    ::continue::
  end
  return obj.status.readyReplicas == obj.spec.replicas
end
