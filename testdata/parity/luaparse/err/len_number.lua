function InterpretHealth(obj)
  return #5 > 0
  return true
end
