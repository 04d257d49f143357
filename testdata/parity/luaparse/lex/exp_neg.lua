function ReflectStatus(obj)
  local v = 2.5e-2
  return {v = v, t = type(v)}
end
