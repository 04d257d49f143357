function InterpretHealth(obj)
  local t = {'a', 'b',, 'c'}
  return #t == 3
end
