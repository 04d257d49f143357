function InterpretHealth(obj)
  local t
  t[2] = 1
  return true
end
