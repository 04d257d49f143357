function InterpretHealth(obj)
  local f = function x() end
  return true
end
