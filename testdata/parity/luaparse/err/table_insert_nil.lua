function InterpretHealth(obj)
  table.insert(nil, 1)
  return true
end
