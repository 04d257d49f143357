function InterpretHealth(obj)
  local t = {,}
  return true
end
