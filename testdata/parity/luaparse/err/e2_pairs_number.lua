function InterpretHealth(obj)
  for k in pairs(5) do end
  return true
end
