function InterpretHealth(obj)
  local x =
end
