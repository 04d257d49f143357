function InterpretHealth(obj)
  local b = true
  return b.x
  return true
end
