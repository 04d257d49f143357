function ReflectStatus(obj)
  local ok, e = pcall(assert, nil, 'why')
  return {ok = ok, t = type(e), e = tostring(e)}
end
