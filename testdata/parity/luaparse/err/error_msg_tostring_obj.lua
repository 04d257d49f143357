function InterpretHealth(obj)
  error('count: ' .. 3)
  return true
end
