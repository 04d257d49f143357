function ReflectStatus(obj)
  local v = '\q'
  return {v = v, t = type(v)}
end
