function InterpretHealth(obj)
  local x = 1 "\t"
  return true
end
