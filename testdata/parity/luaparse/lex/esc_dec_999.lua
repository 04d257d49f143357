function ReflectStatus(obj)
  local v = string.byte('\999')
  return {v = v, t = type(v)}
end
