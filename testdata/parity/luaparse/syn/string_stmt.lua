function InterpretHealth(obj)
  'abc'
  return true
end
