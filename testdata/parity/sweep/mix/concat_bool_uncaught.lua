function InterpretHealth(observedObj)
  return ("paused=" .. observedObj.spec.paused) ~= ""
end
