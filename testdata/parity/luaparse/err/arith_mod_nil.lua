function InterpretHealth(obj)
  local r = 5 % nil
  return true
end
