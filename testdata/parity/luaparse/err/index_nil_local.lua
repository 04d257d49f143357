function InterpretHealth(obj)
  local t = nil
  return t.x
  return true
end
