function InterpretHealth(obj)
  local s = 'x' .. {}
  return true
end
