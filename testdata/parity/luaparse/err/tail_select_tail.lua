function InterpretHealth(obj)
  return select("x")
end
