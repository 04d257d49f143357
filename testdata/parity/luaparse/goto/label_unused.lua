function ReflectStatus(obj)
  ::unused::
  return {ok = 1}
end
