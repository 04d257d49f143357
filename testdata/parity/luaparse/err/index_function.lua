function InterpretHealth(obj)
  return print.x
  return true
end
