function ReflectStatus(obj)
  do
    goto e
    local z = 1
    ::e:: ;
  end
  return {ok = true}
end
