function ReflectStatus(obj)
  local r = {v = 1}
  if obj then goto out end
  r.v = 2
  ::out::
  return r
end
