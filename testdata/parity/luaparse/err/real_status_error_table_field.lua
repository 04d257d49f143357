function ReflectStatus(obj)
  local ok, e = pcall(function() error({reason = 'NotReady'}) end)
  return {ok = ok, reason = e.reason}
end
