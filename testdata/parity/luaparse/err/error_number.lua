function InterpretHealth(obj)
  error(42)
  return true
end
