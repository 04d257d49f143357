function ReflectStatus(obj)
  local v = #'abc' + 1
  return {v = v, t = type(v)}
end
