function InterpretHealth(observedObj)
  error("no position", 0)
end
