function ReflectStatus(obj)
  local v = [[abc]]
  return {v = v, t = type(v)}
end
