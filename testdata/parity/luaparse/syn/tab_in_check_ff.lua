function InterpretHealth(obj)
  local x = 1 "a\fb"
  return true
end
