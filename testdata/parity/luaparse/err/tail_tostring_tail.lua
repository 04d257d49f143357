function InterpretHealth(obj)
  return tostring()
end
