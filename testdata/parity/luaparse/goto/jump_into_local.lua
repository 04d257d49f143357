function ReflectStatus(obj)
  goto skip
  local x = 1
  ::skip::
  return {x = x}
end
