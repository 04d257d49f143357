function InterpretHealth(obj)
  local n = 5
  return n:floor()
  return true
end
