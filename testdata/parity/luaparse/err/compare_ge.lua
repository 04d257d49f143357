function InterpretHealth(obj)
  return 1 >= obj.status.missing
  return true
end
