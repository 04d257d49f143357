function InterpretHealth(obj)
  local t = {3, 1, 2}\n  table.sort(t, function(a, b)\n    error("cmp failed")\n  end)
  return true
end
