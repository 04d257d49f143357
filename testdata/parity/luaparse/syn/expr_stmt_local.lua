function InterpretHealth(obj)
  obj.x
  local y = 1
  return true
end
