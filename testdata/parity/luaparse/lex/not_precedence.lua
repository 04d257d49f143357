function ReflectStatus(obj)
  local v = not 1 == 2
  return {v = v, t = type(v)}
end
