function InterpretHealth(obj)
  setmetatable(nil, {})
  return true
end
