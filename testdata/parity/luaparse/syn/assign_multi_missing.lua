function InterpretHealth(obj)
  a, = 1
  return true
end
