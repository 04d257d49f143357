setup()
function InterpretHealth(obj)
  return true
end
