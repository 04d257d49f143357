function InterpretHealth(obj)
  local x =

  return true
end
