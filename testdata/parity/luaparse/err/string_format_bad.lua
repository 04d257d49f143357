function InterpretHealth(obj)
  local s = string.format('%d', 'x')
  return true
end
