function ReflectStatus(obj)
  local ok, e = pcall(assert, false, 42)
  return {ok = ok, t = type(e), e = tostring(e)}
end
