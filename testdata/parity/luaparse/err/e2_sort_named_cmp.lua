function InterpretHealth(obj)
  local function cmp(a, b) return a.k < b.k end\n  local t = {{k = 1}, {k = 2}, {}}\n  table.sort(t, cmp)
  return true
end
