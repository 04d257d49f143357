function InterpretHealth(obj)
  do return; end
  return true
end
