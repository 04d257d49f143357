function InterpretHealth(obj)
  x %= 2
  return true
end
