function InterpretHealth(obj)
  for k, v pairs(obj) do end
  return true
end
