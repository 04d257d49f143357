function ReflectStatus(obj)
  local v = 'it\'s'
  return {v = v, t = type(v)}
end
