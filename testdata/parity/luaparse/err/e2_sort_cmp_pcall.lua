function InterpretHealth(obj)
  local ok, e = pcall(table.sort, {2, 1}, function(a, b) return a < nil end)\n  error(e, 0)
  return true
end
