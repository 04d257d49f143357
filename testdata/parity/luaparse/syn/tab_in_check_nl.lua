function InterpretHealth(obj)
  local x = 1 "a\nb"
  return true
end
