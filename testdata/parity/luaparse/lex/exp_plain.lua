function ReflectStatus(obj)
  local v = 1e3
  return {v = v, t = type(v)}
end
