function InterpretHealth(obj)
  local s = string.sub(nil, 1)
  return true
end
