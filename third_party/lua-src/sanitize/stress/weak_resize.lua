-- The use-after-free of issue 24: a "kv" table's deleted string keys were
-- never marked dead, so after the collector freed them a rehash re-inserted
-- the freed keys.
local w = setmetatable({}, {__mode = "kv"})
for i = 1, 8 do w["s" .. i] = i end
for i = 1, 8 do w["s" .. i] = nil end
collectgarbage("collect")
for i = 1, 64 do w[i + 0.5] = i end
for i = 1, 64 do assert(w[i + 0.5] == i) end
for i = 1, 8 do assert(w["s" .. i] == nil) end

-- every weak mode, keys of every kind, deletes then growth
for _, mode in ipairs({"k", "v", "kv", "vk", "", "x"}) do
  for round = 1, 20 do
    local t = setmetatable({}, {__mode = mode})
    local keep = {}
    for i = 1, round * 7 do
      local k = "key" .. round .. "_" .. i
      local v = {i}
      if i % 3 == 0 then keep[#keep + 1] = v end
      t[k] = v
      t[{}] = v
      t[i] = "v" .. i
    end
    for i = 1, round * 7, 2 do t["key" .. round .. "_" .. i] = nil end
    collectgarbage("collect")
    for i = 1, round * 9 do t[i + 0.25] = i; t["new" .. i] = i end
    collectgarbage("collect")
    local n = 0
    for k, v in pairs(t) do n = n + 1; assert(k ~= nil) end
    for i = 1, round * 9 do
      assert(t[i + 0.25] == i and t["new" .. i] == i)
    end
    -- deleted keys set again take a node again
    for i = 1, round * 7, 2 do t["key" .. round .. "_" .. i] = i end
    collectgarbage("collect")
    for i = 1, round * 7, 2 do assert(t["key" .. round .. "_" .. i] == i) end
  end
end

-- a weak table whose keys die while it is traversed by next
local w2 = setmetatable({}, {__mode = "k"})
for i = 1, 200 do w2[{}] = i; w2["k" .. i] = i end
local seen = 0
for k, v in pairs(w2) do
  seen = seen + 1
  if seen % 10 == 0 then collectgarbage("step") end
end
collectgarbage("collect")
for i = 1, 500 do w2[i * 1.5] = i end
for i = 1, 200 do assert(w2["k" .. i] == i) end
