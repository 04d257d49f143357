function InterpretHealth(obj)
  local t
  return t[true]
  return true
end
