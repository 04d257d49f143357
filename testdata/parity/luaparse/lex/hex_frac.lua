function ReflectStatus(obj)
  local v = 0xA.8
  return {v = v, t = type(v)}
end
