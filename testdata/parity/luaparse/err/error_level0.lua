function InterpretHealth(obj)
  error('boom', 0)
  return true
end
