function InterpretHealth(obj)
  local function f(a,) end
  return true
end
