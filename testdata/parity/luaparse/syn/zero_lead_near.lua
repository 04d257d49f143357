function InterpretHealth(obj)
  local x = 1 010
  return true
end
