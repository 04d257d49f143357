function InterpretHealth(obj)
  local x = 1 2.50
  return true
end
