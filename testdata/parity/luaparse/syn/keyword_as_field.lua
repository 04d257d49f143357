function InterpretHealth(obj)
  local x = obj.end
  return true
end
