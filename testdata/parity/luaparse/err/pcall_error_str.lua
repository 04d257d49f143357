function ReflectStatus(obj)
  local ok, e = pcall(function()
    error('x')
  end)
  return {ok = ok, t = type(e), e = tostring(e)}
end
