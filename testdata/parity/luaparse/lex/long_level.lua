function ReflectStatus(obj)
  local v = [==[a]]b]=]c]==]
  return {v = v, t = type(v)}
end
