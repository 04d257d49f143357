function ReflectStatus(obj)
  local v = 'a\z   b'
  return {v = v, t = type(v)}
end
