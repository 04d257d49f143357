function InterpretHealth(obj)
  getmetatable()
  return true
end
