function ReflectStatus(obj)
  local v = 'a\
b'
  return {v = v}
end
