function InterpretHealth(obj)
  if a then
  else
  elseif b then
  end
  return true
end
