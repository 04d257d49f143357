function ReflectStatus(obj)
  local v = #{;1}
  return {v = v, t = type(v)}
end
