function InterpretHealth(obj)
  local function f(a, ..., b) end
  return true
end
