function InterpretHealth(obj)
  (obj)
  return true
end
