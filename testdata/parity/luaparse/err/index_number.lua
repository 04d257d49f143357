function InterpretHealth(obj)
  local n = 5
  return n.x
  return true
end
