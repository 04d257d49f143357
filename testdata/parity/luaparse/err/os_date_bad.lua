function InterpretHealth(obj)
  local s = os.date(1, 'x')
  return true
end
