function InterpretHealth(obj)
  local x = obj[1
  return x
  return true
end
