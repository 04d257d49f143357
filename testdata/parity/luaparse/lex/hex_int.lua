function ReflectStatus(obj)
  local v = 0x1F
  return {v = v, t = type(v)}
end
