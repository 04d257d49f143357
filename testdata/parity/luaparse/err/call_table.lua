function InterpretHealth(obj)
  local t = {}
  t()
  return true
end
