function ReflectStatus(obj)
  local ok, e = pcall(function()
    error()
  end)
  return {ok = ok, t = type(e), e = tostring(e)}
end
