function ReflectStatus(observedObj)
  local n = 0
  for w in string.gmatch("a b c", "%a+") do
    n = n + w
  end
  return {n = n}
end
