function ReflectStatus(obj)
  local ok, e = pcall(function()
    return string.rep('a', 2)
  end)
  return {ok = ok, t = type(e), e = tostring(e)}
end
