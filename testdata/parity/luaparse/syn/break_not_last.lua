function InterpretHealth(obj)
  for i=1,2 do
    break
    local x = 1
  end
  return true
end
