function ReflectStatus(observedObj)
  local function f(l) error("lvl" .. l, l) end
  local r = {}
  for l = 1, 6 do
    local ok, e = pcall(f, l)
    r[#r + 1] = "[" .. e .. "]"
  end
  for l = 1, 6 do
    local ok, e = pcall(function() f(l) end)
    r[#r + 1] = "[" .. e .. "]"
  end
  return {r = table.concat(r, "")}
end
