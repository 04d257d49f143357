function InterpretHealth(obj)
  os.time('x')
  return true
end
