function InterpretHealth(obj)
  error('boom', 2)
  return true
end
