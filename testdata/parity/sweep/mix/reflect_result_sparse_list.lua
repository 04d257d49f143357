function ReflectStatus(observedObj)
  local l = {}
  l[1] = "a"; l[2] = "b"; l[4] = "d"
  return {l = l}
end
