function InterpretHealth(obj)
  return obj.spec.replicas > obj.status.missing
  return true
end
