function InterpretHealth(obj)
  return obj.status.missing < 3
  return true
end
