function InterpretHealth(obj)
  local s = 'abc
  local y = 1
  return true
end
