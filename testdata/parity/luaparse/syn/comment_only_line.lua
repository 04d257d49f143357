function InterpretHealth(obj)
  -- just a comment
  local x = = 1
  return true
end
