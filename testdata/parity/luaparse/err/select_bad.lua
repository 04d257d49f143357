function InterpretHealth(obj)
  local s = select('x')
  return true
end
