local function f(n) return 1 + f(n + 1) end
function InterpretHealth(obj)
  f(1)
  return true
end
