function InterpretHealth(obj)
  return string.rep("a", 2)
end
