function ReflectStatus(obj)
  local v = 3abc
  return {v = v, t = type(v)}
end
