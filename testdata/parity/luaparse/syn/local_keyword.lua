function InterpretHealth(obj)
  local end = 2
  return true
end
