function ReflectStatus(obj)
  local ok, e = pcall(error, 'm')
  return {ok = ok, t = type(e), e = tostring(e)}
end
