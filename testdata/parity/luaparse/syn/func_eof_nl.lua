function InterpretHealth(obj)
