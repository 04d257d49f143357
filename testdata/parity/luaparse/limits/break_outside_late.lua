function InterpretHealth(obj)
  if obj then
    local x = 1
  end
  break
end
