function InterpretHealth(obj)
  local f = obj.spec.replicas
  f()
  return true
end
