function Retain(desiredObj, observedObj)
  local ok, e = pcall(function() error("first") end)
  if not ok then error("wrapped: " .. e) end
  return desiredObj
end
