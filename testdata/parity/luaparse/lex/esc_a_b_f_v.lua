function ReflectStatus(obj)
  local v = string.byte('\a\b\f\v', 1, 4)
  return {v = v, t = type(v)}
end
