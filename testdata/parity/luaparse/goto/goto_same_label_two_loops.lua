function ReflectStatus(obj)
  local s = 0
  for i = 1, 3 do
    if i == 2 then goto c end
    s = s + i
    ::c::
  end
  for i = 1, 3 do
    if i == 1 then goto c end
    s = s + 10 * i
    ::c::
  end
  return {s = s}
end
