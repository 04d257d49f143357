function InterpretHealth(obj)
  goto 1
  return true
end
