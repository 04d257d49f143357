function InterpretHealth(obj)
  if a then else else end
  return true
end
