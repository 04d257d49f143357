function InterpretHealth(obj)
  goto done
  ::done::
  return true
end
