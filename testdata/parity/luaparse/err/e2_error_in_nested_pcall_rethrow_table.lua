function InterpretHealth(obj)
  local ok, e = pcall(error, {msg = 'x'})
  error(e.msg)
  return true
end
