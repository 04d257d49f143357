function InterpretHealth(obj)
  do obj.x end
  return true
end
