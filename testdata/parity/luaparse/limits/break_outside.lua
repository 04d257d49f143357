function InterpretHealth(obj)
  break
  return true
end
