function ReflectStatus(obj)
  local ok, e = pcall(function()
    return {} < 1
  end)
  return {ok = ok, t = type(e), e = tostring(e)}
end
