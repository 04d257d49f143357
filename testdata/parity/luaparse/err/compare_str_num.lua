function InterpretHealth(obj)
  return 'a' < 1
  return true
end
