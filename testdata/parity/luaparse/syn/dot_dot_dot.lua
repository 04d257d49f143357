function InterpretHealth(obj)
  local x = obj..y
  return true
end
