function InterpretHealth(obj)
  local x = obj.1
  return true
end
