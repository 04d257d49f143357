function InterpretHealth(obj)
  local s = string.upper(obj.status.missing)
  return true
end
