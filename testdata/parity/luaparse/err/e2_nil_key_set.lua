function InterpretHealth(obj)
  local t = {}
  t[nil] = 1
  return true
end
