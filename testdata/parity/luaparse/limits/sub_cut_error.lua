function InterpretHealth(obj)
  error(string.sub("€", 1, 2))
end
