function InterpretHealth(obj)
  (obj) = 1
  return true
end
