function Retain(desiredObj, observedObj)
  local ok, e = xpcall(function() local x = nil; return x.y end, function(m) return "handled: " .. m end)
  desiredObj.metadata.annotations = {ok = tostring(ok), e = e}
  return desiredObj
end
