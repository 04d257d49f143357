function InterpretHealth(obj)
  local x
  local r = -x
  return true
end
