function InterpretHealth(observedObj)
  local ok, e = pcall(assert, false, 42)
  local ok2, e2 = pcall(assert, nil)
  local ok3, e3 = pcall(assert, 1 == 1, "fine")
  return (not ok) and e ~= nil and e2 ~= nil and ok3
end
