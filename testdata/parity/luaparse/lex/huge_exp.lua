function ReflectStatus(obj)
  local v = 1e400
  return {v = v, t = type(v)}
end
