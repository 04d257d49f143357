function ReflectStatus(obj)
  : : l : :
  return {}
end
