function ReflectStatus(obj)
  local v = string.byte('\300')
  return {v = v, t = type(v)}
end
