function InterpretHealth(obj)
  print(1 2)
  return true
end
