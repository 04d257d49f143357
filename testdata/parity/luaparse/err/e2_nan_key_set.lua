function InterpretHealth(obj)
  local t = {}
  t[0/0] = 1
  return true
end
