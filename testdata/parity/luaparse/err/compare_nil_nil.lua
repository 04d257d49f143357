function InterpretHealth(obj)
  local a, b
  return a < b
  return true
end
