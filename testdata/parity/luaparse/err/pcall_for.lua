function ReflectStatus(obj)
  local ok, e = pcall(function()
    for i = 1, 'x' do end
  end)
  return {ok = ok, t = type(e), e = tostring(e)}
end
