function InterpretHealth(obj)
  local a = string.byte('abc', 'x')
  return true
end
