function ReflectStatus(obj)
  local ok, e = xpcall(function() local t; return t.x end, function(m) return 'H:' .. m end)
  return {ok = ok, t = type(e), e = tostring(e)}
end
