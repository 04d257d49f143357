function InterpretHealth(obj)
  local y = obj:x + 1
  return true
end
