function InterpretHealth(obj)
  return #obj.status.missing > 0
  return true
end
