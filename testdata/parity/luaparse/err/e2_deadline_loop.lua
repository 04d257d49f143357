function InterpretHealth(obj)
  while true do end
end
