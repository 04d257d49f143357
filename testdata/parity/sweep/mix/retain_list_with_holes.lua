function Retain(desiredObj, observedObj)
  local keep = {}
  for i = 1, #observedObj.status.holes + 2 do
    keep[i] = observedObj.status.holes[i]
  end
  desiredObj.spec.keep = keep
  desiredObj.spec.n = #keep
  return desiredObj
end
