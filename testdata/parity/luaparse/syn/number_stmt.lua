function InterpretHealth(obj)
  1 + 1
  return true
end
