function InterpretHealth(obj)
  local r = obj.status.missing + 1
  return true
end
