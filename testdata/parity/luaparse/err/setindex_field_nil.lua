function InterpretHealth(obj)
  obj.missing.x = 1
  return true
end
