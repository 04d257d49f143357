function ReflectStatus(obj)
  local v = 1 .. 2 .. 3
  return {v = v, t = type(v)}
end
