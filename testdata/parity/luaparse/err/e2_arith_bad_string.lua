function InterpretHealth(obj)
  local r = '10x' + 5
  return true
end
