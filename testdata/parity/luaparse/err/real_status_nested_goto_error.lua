function ReflectStatus(obj)
  for i = 1, 2 do
    goto done
  end
  local late = 1
  ::done::
  return {}
end
