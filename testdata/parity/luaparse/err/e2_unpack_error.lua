function InterpretHealth(obj)
  local a = unpack({}, 1, 'x')
  return true
end
