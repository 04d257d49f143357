local function helper()
  ::l::
  ::l::
end
function ReflectStatus(obj)
  return {}
end
