function InterpretHealth(obj)
  ::a:
  return true
end
