function InterpretHealth(observedObj)
  error("from the rule", 2)
end
