function ReflectStatus(obj)
  local i, s = 0, 0
  while i < 10 do
    i = i + 1
    if i % 3 == 0 then goto cont end
    s = s + i
    ::cont::
  end
  return {s = s}
end
