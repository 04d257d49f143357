function ReflectStatus(obj)
  local ok, e = pcall(string.rep, 'a', 2)
  return {ok = ok, t = type(e), e = tostring(e)}
end
