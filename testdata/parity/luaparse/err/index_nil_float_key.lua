function InterpretHealth(obj)
  local t
  return t[1.5]
  return true
end
