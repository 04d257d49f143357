function InterpretHealth(obj)
  local x = 7 // 2
  return true
end
