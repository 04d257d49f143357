function InterpretHealth(obj)
  local s = math.max()
  return true
end
