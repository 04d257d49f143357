function ReflectStatus(obj)
  local t = {}
  t.goto = 1
  return {}
end
