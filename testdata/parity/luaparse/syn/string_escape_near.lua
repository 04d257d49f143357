function InterpretHealth(obj)
  local x = 1 "a\tb"
  return true
end
