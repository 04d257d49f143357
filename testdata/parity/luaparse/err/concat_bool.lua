function InterpretHealth(obj)
  local s = 'x' .. true
  return true
end
