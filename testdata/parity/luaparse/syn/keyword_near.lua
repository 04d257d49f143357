function InterpretHealth(obj)
  local x = 1 then
  return true
end
