function InterpretHealth(obj)
  local function f(a, b
    return a
  end
  return true
end
