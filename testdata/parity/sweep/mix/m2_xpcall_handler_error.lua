function ReflectStatus(observedObj)
  local ok, e = xpcall(function() error("x") end, function(m) error("in handler") end)
  return {ok = ok, e = tostring(e)}
end
