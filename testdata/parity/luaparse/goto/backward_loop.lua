function ReflectStatus(obj)
  local i = 0
  ::top::
  i = i + 1
  if i < 5 then goto top end
  return {i = i}
end
