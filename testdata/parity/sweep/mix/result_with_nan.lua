function ReflectStatus(observedObj)
  return {n = 0/0}
end
