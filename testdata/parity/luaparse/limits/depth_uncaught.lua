local function walk(t, n)
  return walk(t, n + 1) + 1
end
function InterpretHealth(obj)
  return walk(obj, 1) > 0
end
