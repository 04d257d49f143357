-- Collections in loops: full collections, steps and restarts among table,
-- closure and string churn, with metatables and upvalues alive across them.
local function churn(n)
  local t = {}
  for i = 1, n do
    t[i] = {name = "item-" .. i, list = {i, i + 1, i + 2}, f = function() return i end}
  end
  return t
end

local total = 0
for round = 1, 40 do
  local t = churn(round * 20)
  if round % 2 == 0 then collectgarbage("collect") else collectgarbage("step", round) end
  for i = 1, #t do
    total = total + t[i].f() + #t[i].list
    t[i].name = nil
  end
  for i = #t, 1, -1 do t[i] = nil end
  assert(#t == 0)
end
assert(total > 0)

-- tables with metatables whose handlers allocate and collect
local mt = {}
mt.__index = function(t, k) collectgarbage("step"); return "miss-" .. tostring(k) end
mt.__newindex = function(t, k, v) rawset(t, k, v .. "!") end
for round = 1, 30 do
  local p = setmetatable({}, mt)
  for i = 1, 50 do p["k" .. i] = "v" .. i end
  for i = 1, 50 do assert(p["k" .. i] == "v" .. i .. "!") end
  assert(p.nothing == "miss-nothing")
end

-- sort with a comparator that allocates, under collection
for round = 1, 20 do
  local a = {}
  for i = 1, 300 do a[i] = "s" .. ((i * 7919) % 301) end
  table.sort(a, function(x, y)
    local _ = {x, y}
    return x < y
  end)
  for i = 2, #a do assert(a[i - 1] <= a[i]) end
  collectgarbage("collect")
end

-- coroutines holding tables across collections
for round = 1, 20 do
  local co = coroutine.wrap(function()
    local acc = {}
    for i = 1, 100 do acc["c" .. i] = i; coroutine.yield(i) end
    return acc
  end)
  for i = 1, 100 do assert(co() == i); if i % 10 == 0 then collectgarbage("collect") end end
  local acc = co()
  assert(acc.c100 == 100)
end
