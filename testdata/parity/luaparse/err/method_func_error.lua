local M = {}
function M.get(t)
  return t.a.b
end
function M:run(t)
  return M.get(t)
end
function InterpretHealth(obj)
  local r = M:run(obj)
  return r
end
