function ReflectStatus(observedObj)
  local fs = {}
  local i = 1
  ::top::
  local j = i
  fs[#fs + 1] = function() return j end
  i = i + 1
  if i <= 3 then goto top end
  return {a = fs[1]() .. fs[2]() .. fs[3]()}
end
