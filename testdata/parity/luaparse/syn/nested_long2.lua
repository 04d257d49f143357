function InterpretHealth(obj)
  local s = [[a [[b]]
  return true
end
