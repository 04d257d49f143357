function ReflectStatus(obj)
  do
    goto skip
    local x = 1
    ::skip::
  end
  return {ok = true}
end
