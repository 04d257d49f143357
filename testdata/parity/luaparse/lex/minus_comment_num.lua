function ReflectStatus(obj)
  local v = 5--3
  return {v = v, t = type(v)}
end
