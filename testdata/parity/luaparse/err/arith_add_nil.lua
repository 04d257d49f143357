function InterpretHealth(obj)
  local r = obj.spec.replicas + obj.status.missing
  return true
end
