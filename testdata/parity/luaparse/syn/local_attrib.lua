function InterpretHealth(obj)
  local x <const> = 1
  return true
end
