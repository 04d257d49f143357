function InterpretHealth(obj)
  local s = tostring()
  return true
end
