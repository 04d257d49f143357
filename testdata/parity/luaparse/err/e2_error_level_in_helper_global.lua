function check(v)
  if v == nil then error('value required', 2) end
end
function InterpretHealth(obj)
  check(nil)
  return true
end
