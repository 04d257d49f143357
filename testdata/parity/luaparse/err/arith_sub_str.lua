function InterpretHealth(obj)
  local r = 'abc' - 1
  return true
end
