function InterpretHealth(obj)
  local x = not not true
  return true
end
