function InterpretHealth(obj)
  --[=x comment
  local a = 1
  return true
end
