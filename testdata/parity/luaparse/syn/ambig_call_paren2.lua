function InterpretHealth(obj)
  print(1)
  (print)(2)
  return true
end
