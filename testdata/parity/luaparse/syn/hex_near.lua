function InterpretHealth(obj)
  local x = 1 0x1F
  return true
end
