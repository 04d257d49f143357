function ReflectStatus(obj)
  local fns = {}
  for i = 1, 3 do
    local x = i
    fns[i] = function() return x end
    if i == 2 then goto continue end
    x = x + 100
    ::continue::
  end
  return {a = fns[1](), b = fns[2](), c = fns[3]()}
end
