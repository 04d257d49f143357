function InterpretHealth(obj)
  assert(false, {})
  return true
end
