function InterpretHealth(obj)
  local s = 'a' .. 'b' .. nil
  return true
end
