function InterpretHealth(obj)
  if true then