function InterpretHealth(obj)
  local s = 'a\
b' = 1
  return true
end
