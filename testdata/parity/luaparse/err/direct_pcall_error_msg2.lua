function ReflectStatus(obj)
  local ok, e = pcall(error, 'm', 2)
  return {ok = ok, t = type(e), e = tostring(e)}
end
