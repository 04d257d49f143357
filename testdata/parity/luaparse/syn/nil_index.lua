function InterpretHealth(obj)
  local x = nil.a
  return true
end
