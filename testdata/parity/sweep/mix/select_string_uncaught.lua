function InterpretHealth(observedObj)
  return select("2", 1, 2) == 2
end
