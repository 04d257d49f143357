function InterpretHealth(obj)
  local s = 'a' .. nil .. 'b'
  return true
end
