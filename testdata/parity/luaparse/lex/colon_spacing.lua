function ReflectStatus(obj)
  local v = ('abc'): upper()
  return {v = v, t = type(v)}
end
