local function inner(l) error("deep", l) end
local function middle(l) inner(l) end
local function outer(l) middle(l) end
function InterpretHealth(observedObj)
  local r = {}
  for l = 1, 6 do
    local ok, e = pcall(outer, l)
    r[#r + 1] = e
  end
  if #r > 0 then error(table.concat(r, "|"), 0) end
  return true
end
