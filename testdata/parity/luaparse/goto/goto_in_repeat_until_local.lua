function ReflectStatus(obj)
  local i = 0
  repeat
    i = i + 1
    if i < 3 then goto cont end
    local done = true
    ::cont::
  until i >= 3
  return {i = i}
end
