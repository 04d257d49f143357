function ReflectStatus(obj)
  local v = 1_000
  return {v = v, t = type(v)}
end
