function InterpretHealth(obj)
  local function f(...) return ... end
  return true
end
