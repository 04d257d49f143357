function InterpretHealth(obj)
  return obj.status.missing <= 1
  return true
end
