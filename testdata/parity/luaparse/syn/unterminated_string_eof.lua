function InterpretHealth(obj)
  local s = 'abc