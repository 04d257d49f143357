function InterpretHealth(obj)
  error('boom')
  return true
end
