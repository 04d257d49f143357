function ReflectStatus(observedObj)
  return {n = 1/0}
end
