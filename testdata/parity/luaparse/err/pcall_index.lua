function ReflectStatus(obj)
  local ok, e = pcall(function()
    local t
    return t.x
  end)
  return {ok = ok, t = type(e), e = tostring(e)}
end
