function InterpretHealth(obj)
  local s = "café"
  return s:sub(1, 4) ~= nil
end
