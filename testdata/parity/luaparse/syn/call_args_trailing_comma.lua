function InterpretHealth(obj)
  print(1,)
  return true
end
