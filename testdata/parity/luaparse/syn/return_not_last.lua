function InterpretHealth(obj)
  return 1
  local x = 2
  return true
end
