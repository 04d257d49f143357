function ReflectStatus(obj)
  for i = 1, 2 do
    goto skip
  end
  return {}
end
