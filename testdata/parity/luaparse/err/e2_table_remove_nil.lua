function InterpretHealth(obj)
  table.remove(nil)
  return true
end
