function InterpretHealth(obj)
  return true < false
  return true
end
