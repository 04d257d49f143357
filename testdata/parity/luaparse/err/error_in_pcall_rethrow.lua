function InterpretHealth(obj)
  local ok, e = pcall(function() local t; return t.x end)
  error(e, 0)
  return true
end
