function InterpretHealth(obj)
  local aÿ = 1
  return true
end
