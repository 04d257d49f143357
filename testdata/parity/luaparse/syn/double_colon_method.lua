function InterpretHealth(obj)
  obj::x()
  return true
end
