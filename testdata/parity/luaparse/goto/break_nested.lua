function ReflectStatus(obj)
  local found
  for i = 1, 3 do
    for j = 1, 3 do
      if i * j == 4 then found = i .. 'x' .. j; goto done end
    end
  end
  ::done::
  return {found = found}
end
