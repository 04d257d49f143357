function InterpretHealth(obj)
  local s = 'abc'
  return s:nosuch()
  return true
end
