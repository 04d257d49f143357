do goto L end
local a = 1
::L::
function ReflectStatus(obj)
  return {}
end
