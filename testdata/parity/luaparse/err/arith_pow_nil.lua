function InterpretHealth(obj)
  local x
  local r = x ^ 2
  return true
end
