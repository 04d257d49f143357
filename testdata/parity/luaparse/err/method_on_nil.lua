function InterpretHealth(obj)
  local s
  return s:lower()
  return true
end
