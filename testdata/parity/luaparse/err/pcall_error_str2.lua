function ReflectStatus(obj)
  local ok, e = pcall(function()
    error('x', 2)
  end)
  return {ok = ok, t = type(e), e = tostring(e)}
end
