local function f(n)
  local a1, a2, a3, a4, a5, a6, a7, a8, a9, a10 = 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
  local b1, b2, b3, b4, b5, b6, b7, b8, b9, b10 = 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
  return f(n + 1) + a1 + b1
end
function InterpretHealth(obj)
  return f(1) > 0
end
