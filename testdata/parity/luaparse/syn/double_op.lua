function InterpretHealth(obj)
  local x = 1 * * 2
  return true
end
