function ReflectStatus(obj)
  local v = 'a\\b'
  return {v = v, t = type(v)}
end
