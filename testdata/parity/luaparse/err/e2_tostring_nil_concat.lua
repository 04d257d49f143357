function InterpretHealth(obj)
  local s = 'v=' .. tostring(nil) .. obj.x
  return true
end
