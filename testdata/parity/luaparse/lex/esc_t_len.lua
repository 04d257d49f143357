function ReflectStatus(obj)
  local v = #'a\tb'
  return {v = v, t = type(v)}
end
