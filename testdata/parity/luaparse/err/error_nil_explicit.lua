function InterpretHealth(obj)
  error(nil)
  return true
end
