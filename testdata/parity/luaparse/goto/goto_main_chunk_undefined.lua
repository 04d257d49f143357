goto missing
function ReflectStatus(obj)
  return {}
end
