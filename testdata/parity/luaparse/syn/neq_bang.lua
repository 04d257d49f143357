function InterpretHealth(obj)
  if obj != nil then end
  return true
end
