function ReflectStatus(obj)
  local v = #'\300'
  return {v = v, t = type(v)}
end
