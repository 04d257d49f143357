function ReflectStatus(obj)
  local ok, e = pcall(function()
    nosuch()
  end)
  return {ok = ok, t = type(e), e = tostring(e)}
end
