local function helper(t)
  return t.a.b
end
function InterpretHealth(obj)
  return helper(obj)
end
