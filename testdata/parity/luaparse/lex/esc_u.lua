function ReflectStatus(obj)
  local v = '\u{48}'
  return {v = v, t = type(v)}
end
