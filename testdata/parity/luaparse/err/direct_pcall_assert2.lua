function ReflectStatus(obj)
  local ok, e = pcall(assert, false)
  return {ok = ok, t = type(e), e = tostring(e)}
end
