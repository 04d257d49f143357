function InterpretHealth(observedObj)
  local ok, e = pcall(error, nil)
  local ok2, e2 = pcall(function() error(nil) end)
  return e == nil and e2 == nil and not ok and not ok2
end
