function InterpretHealth(observedObj)
  local a = unpack({1, 2}, "1")
  return a == 1
end
