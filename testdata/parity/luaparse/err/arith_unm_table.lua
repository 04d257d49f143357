function InterpretHealth(obj)
  local r = -{}
  return true
end
