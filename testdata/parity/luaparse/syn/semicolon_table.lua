function InterpretHealth(obj)
  local t = {1;2;}
  return true
end
