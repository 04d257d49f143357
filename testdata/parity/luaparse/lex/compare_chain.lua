function ReflectStatus(obj)
  local v = 1 < 2 == true
  return {v = v, t = type(v)}
end
