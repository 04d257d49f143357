function InterpretHealth(obj)
  string.format('%s %s', 'a')
  return true
end
