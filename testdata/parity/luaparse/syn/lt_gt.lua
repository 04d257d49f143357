function InterpretHealth(obj)
  local x = a <> b
  return true
end
