function InterpretHealth(obj)
  return #print > 0
  return true
end
