function ReflectStatus(obj)
  local ok, e = pcall(require, 'x')
  return {ok = ok, t = type(e), e = tostring(e)}
end
