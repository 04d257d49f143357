function InterpretHealth(obj)
  math.floor('x')
  return true
end
