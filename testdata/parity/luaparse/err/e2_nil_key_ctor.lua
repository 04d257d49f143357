function InterpretHealth(obj)
  local t = {[nil] = 1}
  return true
end
