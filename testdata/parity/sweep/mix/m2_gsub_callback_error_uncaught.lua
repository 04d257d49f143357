function ReflectStatus(observedObj)
  local s = string.gsub(observedObj.metadata.name, "%w", function(c) return c + 1 end)
  return {s = s}
end
