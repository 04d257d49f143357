function ReflectStatus(obj)
  local v = 1e
  return {v = v, t = type(v)}
end
