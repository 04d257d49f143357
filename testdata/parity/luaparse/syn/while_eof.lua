function InterpretHealth(obj)
  while true do