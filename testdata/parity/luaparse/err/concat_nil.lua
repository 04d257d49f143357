function InterpretHealth(obj)
  local s = 'name: ' .. obj.metadata.missing
  return true
end
