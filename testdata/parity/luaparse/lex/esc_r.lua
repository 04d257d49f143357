function ReflectStatus(obj)
  local v = string.byte('\r')
  return {v = v, t = type(v)}
end
