function ReflectStatus(obj)
  return {v = '10' + 5}
end
