function ReflectStatus(obj)
  local v = 010
  return {v = v, t = type(v)}
end
