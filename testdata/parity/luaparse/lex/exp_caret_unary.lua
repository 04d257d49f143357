function ReflectStatus(obj)
  local v = 2^-1
  return {v = v, t = type(v)}
end
