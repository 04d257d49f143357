function ReflectStatus(obj)
  local i, s = 0, 0
  repeat
    i = i + 1
    if i == 2 then goto cont end
    s = s + i
    ::cont::
  until i >= 4
  return {s = s}
end
