function ReflectStatus(obj)
  for i = 1, 2 do break; end
  return {v = 1}
end
