function InterpretHealth(obj)
  local a = tonumber('10', 99)
  return true
end
