function InterpretHealth(obj)
  f() = 1
  return true
end
