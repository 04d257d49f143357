function ReflectStatus(obj)
  do
    goto e
    local z = 1
    ::d::
    ::e::
  end
  return {ok = true}
end
