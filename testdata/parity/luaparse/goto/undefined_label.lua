function ReflectStatus(obj)
  goto nowhere
  return {}
end
