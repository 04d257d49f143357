function ReflectStatus(obj)
  local v = '\65\066\0677'
  return {v = v, t = type(v)}
end
