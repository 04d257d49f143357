function InterpretHealth(obj)
  local s = 'x' .. print
  return true
end
