function ReflectStatus(obj)
  return {v = 1}
end
-- trailing