function ReflectStatus(obj)
  --[= bad
  local v = 3
  return {v = v}
end
