function InterpretHealth(obj)
  for i, v in ipairs(5) do end
  return true
end
