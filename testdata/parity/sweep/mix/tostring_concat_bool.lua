function InterpretHealth(observedObj)
  local ok = observedObj.spec.paused
  return ("paused=" .. tostring(ok)) == "paused=false"
end
