function InterpretHealth(obj)
  return #true
  return true
end
