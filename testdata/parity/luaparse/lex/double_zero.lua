function ReflectStatus(obj)
  local v = 0010
  return {v = v, t = type(v)}
end
