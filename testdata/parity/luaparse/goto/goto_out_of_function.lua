function ReflectStatus(obj)
  local f = function() goto outer end
  ::outer::
  return {}
end
