function InterpretHealth(obj)
  print(1,