function InterpretHealth(obj)
  local café = 1
  return true
end
