function InterpretHealth(obj)
  x += 1
  return true
end
