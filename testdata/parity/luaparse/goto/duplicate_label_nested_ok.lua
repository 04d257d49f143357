function ReflectStatus(obj)
  ::a::
  do
    ::a::
  end
  return {ok = true}
end
