local function check(x)
  if not x then
    error('bad value', 2)
  end
end
function InterpretHealth(obj)
  check(obj.status.missing)
  return true
end
