function InterpretHealth(obj)
  local x = ('abc'):upper()
  return true
end
