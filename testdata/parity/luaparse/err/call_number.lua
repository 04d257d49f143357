function InterpretHealth(obj)
  local n = 1
  n()
  return true
end
