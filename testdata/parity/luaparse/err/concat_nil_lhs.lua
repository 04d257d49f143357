function InterpretHealth(obj)
  local s = obj.metadata.missing .. 'x'
  return true
end
