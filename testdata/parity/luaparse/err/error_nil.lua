function InterpretHealth(obj)
  error()
  return true
end
