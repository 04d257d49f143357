function InterpretHealth(obj)
  do return 1, end
  return true
end
