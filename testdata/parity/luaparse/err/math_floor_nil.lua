function InterpretHealth(obj)
  local s = math.floor(nil)
  return true
end
