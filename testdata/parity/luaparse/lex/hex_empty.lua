function ReflectStatus(obj)
  local v = 0x
  return {v = v, t = type(v)}
end
