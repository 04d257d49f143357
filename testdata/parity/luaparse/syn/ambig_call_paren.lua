function InterpretHealth(obj)
  local x = f()
  (g or h)()
  return true
end
