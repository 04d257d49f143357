local function g(n)
  local ok, e = pcall(g, n + 1)
  if not ok then error(e, 0) end
  return ok
end
function InterpretHealth(obj)
  return g(1)
end
