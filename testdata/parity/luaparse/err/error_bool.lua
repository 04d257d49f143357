function InterpretHealth(obj)
  error(true)
  return true
end
