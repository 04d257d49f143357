function InterpretHealth(observedObj)
  return string.format("%y", 1) ~= ""
end
