function InterpretHealth(obj)
  end
  return true
end
