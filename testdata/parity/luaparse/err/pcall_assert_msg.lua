function ReflectStatus(obj)
  local ok, e = pcall(function()
    assert(nil, 'custom')
  end)
  return {ok = ok, t = type(e), e = tostring(e)}
end
