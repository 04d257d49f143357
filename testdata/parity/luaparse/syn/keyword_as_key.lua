function InterpretHealth(obj)
  local t = {end = 1}
  return true
end
