function ReflectStatus(obj)
  local ok, e = pcall(nil)
  return {ok = ok, t = type(e), e = tostring(e)}
end
