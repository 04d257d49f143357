local n = 0
::again::
n = n + 1
if n < 3 then goto again end
function ReflectStatus(obj)
  return {n = n}
end
