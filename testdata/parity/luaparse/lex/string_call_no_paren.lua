function ReflectStatus(obj)
  local v = type'x'
  return {v = v, t = type(v)}
end
