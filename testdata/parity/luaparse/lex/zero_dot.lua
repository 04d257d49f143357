function ReflectStatus(obj)
  local v = 0.5
  return {v = v, t = type(v)}
end
