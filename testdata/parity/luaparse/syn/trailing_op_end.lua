function InterpretHealth(obj)
  local x = 1 +
end
