function ReflectStatus(obj)
  local v = (5):type()
  return {v = v, t = type(v)}
end
