function ReflectStatus(obj)
  local v = 9007199254740993
  return {v = v, t = type(v)}
end
