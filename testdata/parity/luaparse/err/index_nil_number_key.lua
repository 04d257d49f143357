function InterpretHealth(obj)
  local t
  return t[1]
  return true
end
