function InterpretHealth(obj)
  local t
  t.x = 1
  return true
end
