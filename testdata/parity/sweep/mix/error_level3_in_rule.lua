function InterpretHealth(observedObj)
  error("from the rule", 3)
end
