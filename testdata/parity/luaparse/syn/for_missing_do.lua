function InterpretHealth(obj)
  for i = 1, 10
    x = i
  end
  return true
end
