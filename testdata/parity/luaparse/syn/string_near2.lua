function InterpretHealth(obj)
  local x = 'abc' 'def' +
  return true
end
