function InterpretHealth(obj)
  local x = 1 "a\vb"
  return true
end
