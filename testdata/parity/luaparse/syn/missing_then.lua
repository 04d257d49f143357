function InterpretHealth(obj)
  if obj.spec then return false end
  if obj then
    x = 1
  end
  return true
end
