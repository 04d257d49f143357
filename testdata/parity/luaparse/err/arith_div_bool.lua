function InterpretHealth(obj)
  local r = 1 / true
  return true
end
