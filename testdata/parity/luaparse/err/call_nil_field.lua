function InterpretHealth(obj)
  obj.spec.fn()
  return true
end
