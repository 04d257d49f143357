function ReflectStatus(obj)
  --[ not long
  local v = 3
  return {v = v}
end
