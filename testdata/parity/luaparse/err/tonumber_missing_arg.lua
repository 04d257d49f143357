function InterpretHealth(obj)
  local s = tonumber()
  return true
end
