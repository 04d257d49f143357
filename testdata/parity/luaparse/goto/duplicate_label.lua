function ReflectStatus(obj)
  ::a::
  local x = 1
  ::a::
  return {}
end
