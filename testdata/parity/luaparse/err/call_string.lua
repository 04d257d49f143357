function InterpretHealth(obj)
  ('x')()
  return true
end
