function InterpretHealth(obj)
  local s = [[a [[b]] c]]
  return true
end
