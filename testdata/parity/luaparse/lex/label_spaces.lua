function ReflectStatus(obj)
  goto x
  :: x ::
  return {v = 1}
end
