function InterpretHealth(obj)
  error('line1\nline2')
  return true
end
