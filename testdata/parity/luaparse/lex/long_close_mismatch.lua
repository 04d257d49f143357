function ReflectStatus(obj)
  local v = [=[a]]]=]
  return {v = v, t = type(v)}
end
