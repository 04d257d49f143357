function InterpretHealth(obj)
  return true
