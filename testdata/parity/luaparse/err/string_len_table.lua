function InterpretHealth(obj)
  local s = string.len({})
  return true
end
