function ReflectStatus(obj)
  local f = function() return ... end
  return {v = 1}
end
