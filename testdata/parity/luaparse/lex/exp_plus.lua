function ReflectStatus(obj)
  local v = 1E+2
  return {v = v, t = type(v)}
end
