function InterpretHealth(observedObj)
  local s = string.gsub(observedObj.metadata.name, "[", "")
  return s == ""
end
