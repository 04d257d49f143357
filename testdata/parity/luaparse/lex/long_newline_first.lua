function ReflectStatus(obj)
  local v = [[
line1
line2]]
  return {v = v}
end
