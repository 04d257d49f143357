function InterpretHealth(obj)
  local x = 1 - -1 --2
  return true
end
