function ReflectStatus(obj)
  local out = {}
  for i = 1, 5 do
    if i % 2 == 0 then goto continue end
    local sq = i * i
    out[#out + 1] = sq
    ::continue::
  end
  return {n = #out, last = out[#out]}
end
