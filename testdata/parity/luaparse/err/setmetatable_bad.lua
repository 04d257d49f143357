function InterpretHealth(obj)
  setmetatable(1, {})
  return true
end
