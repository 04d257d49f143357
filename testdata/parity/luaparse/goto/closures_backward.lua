function ReflectStatus(obj)
  local fns = {}
  local i = 1
  ::again::
  local x = i * 10
  fns[i] = function() return x end
  i = i + 1
  if i <= 3 then goto again end
  return {a = fns[1](), b = fns[2](), c = fns[3]()}
end
