function InterpretHealth(obj)
  local x = obj[]
  return true
end
