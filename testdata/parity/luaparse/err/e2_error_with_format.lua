function InterpretHealth(obj)
  error(string.format('replicas %d invalid', 3))
  return true
end
