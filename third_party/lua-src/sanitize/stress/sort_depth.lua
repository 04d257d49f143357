-- Recursion through a native function and kinterp's protected call of its
-- callback, as `table.sort` with a comparator that sorts again: a native
-- (kinterp.wrap over a function standing for the Rust one) calls the
-- callback through kinterp.xpcall with a message handler. Under gopher's
-- frame limit (kinterp.calllimit) the recursion ends with gopher's
-- `stack overflow`, again and again, the limit coming back after each;
-- with no limit, the bound of nested C calls (ldo.c) ends it with
-- `C stack overflow` before the C stack runs out.
local reg = debug.getregistry()
local limit, wrap, xpcall_k = reg["kinterp.calllimit"], reg["kinterp.wrap"], reg["kinterp.xpcall"]
local FAIL = {}
local function handler(m) return m end
local sort = wrap(function(t, cmp)
  local ok, e = xpcall_k(handler, cmp, t[1], t[2])
  if not ok then return FAIL, e end
end, FAIL)

local function deep(cmp_sorts)
  local max = 0
  local cmp
  local function f(n)
    max = n
    sort({2, 1}, function(a, b) f(n + 1) return a < b end)
  end
  cmp = function(a, b) max = max + 1 sort({2, 1}, cmp) return a < b end
  local ok, e
  if cmp_sorts then ok, e = pcall(sort, {2, 1}, cmp) else ok, e = pcall(f, 1) end
  assert(not ok)
  return max, e
end

-- No frame limit: the C call bound, several times, then ordinary calls.
for round = 1, 3 do
  for _, direct in ipairs({false, true}) do
    local max, e = deep(direct)
    assert(type(e) == "string" and e:find("C stack overflow"), e)
    assert(max > 100, max)
  end
end
local co = coroutine.wrap(function() local max, e = deep(false) return e end)
assert(co():find("C stack overflow"))

local function run()
  limit(256)
  local first
  for round = 1, 20 do
    for _, direct in ipairs({false, true}) do
      local max, e = deep(direct)
      assert(type(e) == "string" and e:find("stack overflow") and not e:find("C stack"), e)
      if round == 1 then first = first or {} first[direct] = max end
      assert(first[direct] == max, "the limit moved: " .. max)
    end
  end
  -- a callback failing at the last frame keeps its own error
  local function failing(n)
    sort({2, 1}, function(a, b)
      local ok, e = pcall(failing, n + 1)
      if not ok then error(e, 0) end
      return a < b
    end)
  end
  for round = 1, 10 do
    local ok, e = pcall(failing, 1)
    assert(not ok and e:find("stack overflow") and not e:find("C stack"), e)
  end
  local function count(n) if n == 0 then return 0 end return 1 + count(n - 1) end
  assert(count(200) == 200)
  collectgarbage("collect")
end
run()
