function ReflectStatus(obj)
  goto
  cont
  ::cont::
  return {ok = 1}
end
