function InterpretHealth(obj)
  return 0x10 == 16 and 010 == 10 and 1e2 == 100 and .5 == 0.5
end
