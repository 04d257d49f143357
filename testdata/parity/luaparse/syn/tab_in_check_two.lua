function InterpretHealth(obj)
  local x = 1 "a\t\tb"
  return true
end
function ReflectStatus(o)
 local y = 2 "x\ty"
end
