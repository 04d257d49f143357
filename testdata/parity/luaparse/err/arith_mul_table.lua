function InterpretHealth(obj)
  local r = {} * 2
  return true
end
