function ReflectStatus(obj)
  local v = '\x41'
  return {v = v, t = type(v)}
end
