function InterpretHealth(obj)
  local t = {a = 1 b = 2}
  return true
end
