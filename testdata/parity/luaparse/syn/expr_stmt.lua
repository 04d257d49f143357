function InterpretHealth(obj)
  obj.spec
  return true
end
