function ReflectStatus(obj)
  local goto = 1
  return {}
end
