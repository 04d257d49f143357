function InterpretHealth(obj)
  assert(false, 42)
  return true
end
