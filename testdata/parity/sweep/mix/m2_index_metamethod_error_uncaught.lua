function ReflectStatus(observedObj)
  local t = setmetatable({}, {__index = function(t, k) error("no field " .. k) end})
  return {r = t.replicas}
end
