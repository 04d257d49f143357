function InterpretHealth(obj)
  local items = {{a = 1}, nil, {a = 3}}
  for i = 1, 3 do
    local x = items[i].a
  end
  return true
end
