function InterpretHealth(obj)
  for 1 = 1, 2 do end
  return true
end
