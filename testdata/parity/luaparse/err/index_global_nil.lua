function InterpretHealth(obj)
  return undefinedGlobal.field
  return true
end
