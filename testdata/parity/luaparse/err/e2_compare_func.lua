function InterpretHealth(obj)
  return print < print
  return true
end
