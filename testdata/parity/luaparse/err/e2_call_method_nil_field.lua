function InterpretHealth(obj)
  obj.status:foo()
  return true
end
