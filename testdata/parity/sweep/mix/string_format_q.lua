function ReflectStatus(observedObj)
  return {q = string.format("%q", 'a"b\\c' .. "\n" .. "\0")}
end
