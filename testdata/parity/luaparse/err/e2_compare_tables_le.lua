function InterpretHealth(obj)
  return {} <= {}
  return true
end
