function InterpretHealth(obj)
  rawget(nil, 1)
  return true
end
