function InterpretHealth(obj)
  local x = 1 "a\tb\tc"
  return true
end
