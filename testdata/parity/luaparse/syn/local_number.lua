function InterpretHealth(obj)
  local 1 = 2
  return true
end
