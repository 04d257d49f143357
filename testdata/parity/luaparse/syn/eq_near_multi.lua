function InterpretHealth(obj)
  local x = {
    a = 1,
    b = = 2,
  }
  return true
end
