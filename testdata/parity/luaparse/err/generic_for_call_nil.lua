function InterpretHealth(obj)
  for k in nil do end
  return true
end
