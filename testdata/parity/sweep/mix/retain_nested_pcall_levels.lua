local function validate(obj)
  if obj.spec.replicas > 2 then
    error("too many replicas: " .. obj.spec.replicas, 2)
  end
end
local function wrapper(obj)
  validate(obj)
end
function Retain(desiredObj, observedObj)
  local ok, e = pcall(wrapper, observedObj)
  local ok2, e2 = pcall(function() pcall(error) ; error("inner") end)
  desiredObj.metadata.annotations = {e = tostring(e), e2 = tostring(e2)}
  return desiredObj
end
