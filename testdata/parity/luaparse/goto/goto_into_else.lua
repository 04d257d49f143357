function ReflectStatus(obj)
  if obj then
    goto x
  else
    ::x::
  end
  return {}
end
