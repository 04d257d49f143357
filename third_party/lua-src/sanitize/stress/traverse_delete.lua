-- Deletes during traversal, with collections between the steps: the
-- insertion order keeps deleted keys in place, and next() must go on from
-- them after any collection.
for round = 1, 30 do
  local t = {}
  for i = 1, round * 10 do t["k" .. i] = i; t[i * 2] = i; t[i + 0.5] = i end
  local n = 0
  for k, v in pairs(t) do
    t[k] = nil
    n = n + 1
    if n % 7 == 0 then collectgarbage("collect") end
  end
  assert(n == round * 30, n)
  assert(next(t) == nil)
  -- the emptied table grows again over the old keys
  for i = 1, round * 20 do t["k" .. i] = i end
  collectgarbage("collect")
  for i = 1, round * 20 do assert(t["k" .. i] == i) end
  local m = 0
  for k in pairs(t) do m = m + 1 end
  assert(m == round * 20)
end

-- next() resumed from a key that was deleted and collected meanwhile
local t = {}
for i = 1, 100 do t["x" .. i] = i end
local k = next(t)
for i = 1, 100 do t["x" .. i] = nil end
collectgarbage("collect")
local ok = pcall(next, t, k)
assert(ok == true or ok == false)
for i = 101, 400 do t["x" .. i] = i end
collectgarbage("collect")
local c = 0
for _ in pairs(t) do c = c + 1 end
assert(c == 300, c)

-- the array part and table library under deletes
for round = 1, 50 do
  local a = {}
  for i = 1, round * 4 do a[i] = "e" .. i end
  for i = #a, 1, -3 do table.remove(a, i) end
  for i = 1, round do table.insert(a, 1, i) end
  a[#a] = nil
  collectgarbage("step")
  local s = table.concat(a, ",")
  assert(type(s) == "string")
end
