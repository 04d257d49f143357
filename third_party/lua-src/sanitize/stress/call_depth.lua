-- gopher's call depth (lua_kinterp_calllimit): overflows raised and caught
-- again and again, at every nesting of pcall, with a message handler,
-- through native wrappers and metamethods; the limit must come back after
-- each, and nothing may be left on the stack.
local limit = debug.getregistry()["kinterp.calllimit"]
local function run()
  limit(256)
  local function plain(n) return 1 + plain(n + 1) end
  for round = 1, 50 do
    local ok, e = pcall(plain, 1)
    assert(not ok and e:find("stack overflow"), e)
  end
  local depth = 0
  local function nested(n)
    depth = n
    local ok, e = pcall(nested, n + 1)
    if not ok then error(e, 0) end
    return ok
  end
  for round = 1, 20 do
    local ok, e = pcall(nested, 1)
    assert(not ok and e:find("stack overflow") and depth > 100, e)
  end
  local function handler(m) return "handled: " .. tostring(m) end
  for round = 1, 20 do
    local ok, e = xpcall(function() return plain(1) end, handler)
    assert(not ok and e:find("^handled: "), e)
  end
  local function big(n)
    local a1, a2, a3, a4, a5, a6, a7, a8, a9, a10 = 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    local b1, b2, b3, b4, b5, b6, b7, b8, b9, b10 = 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    return big(n + 1) + a1 + b1
  end
  for round = 1, 20 do
    local ok, e = pcall(big, 1)
    assert(not ok and e:find("registry overflow"), e)
  end
  local mt = {}
  mt.__index = function(t, k) return t[k + 1] end
  for round = 1, 20 do
    local ok, e = pcall(function() return setmetatable({}, mt)[1] end)
    assert(not ok and e:find("overflow"), e)
  end
  -- after all of that, ordinary depth still works
  local function count(n) if n == 0 then return 0 end return 1 + count(n - 1) end
  assert(count(200) == 200)
  collectgarbage("collect")
end
local co = coroutine.wrap(function() run(); return "done" end)
run()
assert(co() == "done")
