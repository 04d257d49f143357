function ReflectStatus(obj)
  local v = 0x1g
  return {v = v, t = type(v)}
end
