function InterpretHealth(obj)
  local a = unpack(nil)
  return true
end
