function InterpretHealth(obj)
  repeat x = 1 until
