function InterpretHealth(obj)
  if obj then
    return true
