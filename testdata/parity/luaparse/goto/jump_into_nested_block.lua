function ReflectStatus(obj)
  goto inner
  do
    ::inner::
  end
  return {}
end
