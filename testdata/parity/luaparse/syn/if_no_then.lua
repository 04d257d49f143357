function InterpretHealth(obj)
  if obj.spec
    return false
  end
  return true
end
