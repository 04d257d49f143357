function ReflectStatus(obj)
  local v = 0XfF
  return {v = v, t = type(v)}
end
