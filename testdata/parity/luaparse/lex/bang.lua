function ReflectStatus(obj)
  local v = 1 != 2
  return {v = v, t = type(v)}
end
