function ReflectStatus(obj)
  local v = "say \"hi\""
  return {v = v, t = type(v)}
end
