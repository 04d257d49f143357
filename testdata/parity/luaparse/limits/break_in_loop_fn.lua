function InterpretHealth(obj)
  for i = 1, 2 do
    local f = function() break end
  end
  return true
end
