goto L
local a = 1
::L::
function ReflectStatus(obj)
  return {}
end
