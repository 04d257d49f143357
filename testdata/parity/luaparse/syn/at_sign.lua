function InterpretHealth(obj)
  local x = @a
  return true
end
