function ReflectStatus(obj)
  local v = .5.5
  return {v = v, t = type(v)}
end
