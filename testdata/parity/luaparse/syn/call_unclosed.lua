function InterpretHealth(obj)
  print(1, 2
  return x
  return true
end
