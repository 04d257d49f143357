function InterpretHealth(observedObj)
  local l = {3, 1, 2}
  table.sort(l, function(a, b) if a == 2 then error("bad element " .. a, 2) end return a < b end)
  return true
end
