function helper(t)
  return t.a.b
end
function InterpretHealth(obj)
  local r = helper(obj)
  return r
end
