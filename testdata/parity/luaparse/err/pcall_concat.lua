function ReflectStatus(obj)
  local ok, e = pcall(function()
    return 'a' .. nil
  end)
  return {ok = ok, t = type(e), e = tostring(e)}
end
