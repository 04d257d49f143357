function InterpretHealth(obj)
  local a = string.find(obj.status.missing, 'x')
  return true
end
