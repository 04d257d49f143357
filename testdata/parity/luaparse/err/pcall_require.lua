function ReflectStatus(obj)
  local ok, e = pcall(function()
    return require('x')
  end)
  return {ok = ok, t = type(e), e = tostring(e)}
end
