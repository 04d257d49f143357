function ReflectStatus(obj)
  local ok, e = pcall(error)
  return {ok = ok, t = type(e), e = tostring(e)}
end
