function InterpretHealth(obj)
  local a, = 1
  return true
end
