function ReflectStatus(obj)
  local v = 'a\nb'
  return {v = v, t = type(v)}
end
