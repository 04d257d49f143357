function InterpretHealth(obj)
  local t = {3, 1, 2}
  table.sort(t, function(a, b) return a.x < b end)
  return true
end
