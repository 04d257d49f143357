function InterpretHealth(obj)
  local s = string.rep('a', 3)
  return true
end
