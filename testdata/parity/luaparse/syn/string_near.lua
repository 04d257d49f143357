function InterpretHealth(obj)
  local x = 1 'abc'
  return true
end
