function ReflectStatus(obj)
  local ok, e = pcall(function()
    error(42)
  end)
  return {ok = ok, t = type(e), e = tostring(e)}
end
