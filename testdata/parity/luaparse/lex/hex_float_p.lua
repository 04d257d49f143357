function ReflectStatus(obj)
  local v = 0x1p4
  return {v = v, t = type(v)}
end
