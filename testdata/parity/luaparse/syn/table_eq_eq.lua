function InterpretHealth(obj)
  local t = {a == 1}
  return true
end
