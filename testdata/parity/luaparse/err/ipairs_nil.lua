function InterpretHealth(obj)
  for k, v in ipairs(nil) do end
  return true
end
