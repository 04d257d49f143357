function InterpretHealth(obj)
  return true
end
x