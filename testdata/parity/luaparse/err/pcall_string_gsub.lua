function ReflectStatus(obj)
  local ok, e = pcall(function()
    return string.gsub('a', 'a', 'b')
  end)
  return {ok = ok, t = type(e), e = tostring(e)}
end
