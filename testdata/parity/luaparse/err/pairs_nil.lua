function InterpretHealth(obj)
  for k, v in pairs(obj.status.missing) do end
  return true
end
