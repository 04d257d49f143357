function InterpretHealth(obj)
  nosuchfunction()
  return true
end
