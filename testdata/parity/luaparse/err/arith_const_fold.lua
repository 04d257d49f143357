function InterpretHealth(obj)
  local r = nil + 1
  return true
end
