function InterpretHealth(obj)
  type()
  return true
end
