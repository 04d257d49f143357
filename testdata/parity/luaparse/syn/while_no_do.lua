function InterpretHealth(obj)
  while true
    x = 1
  end
  return true
end
