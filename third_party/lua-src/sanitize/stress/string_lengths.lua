-- Strings of every length across the pool's classes (8-byte grains up to
-- 512 bytes) and past them, made, interned, cut, compared and collected.
local keep = {}
for len = 0, 1100 do
  local s = string.rep("a", len)
  local u = string.rep("\0", len) .. "z"
  assert(#s == len and #u == len + 1)
  assert(s == string.rep("a", len))
  local b = s .. "b"
  assert(b:sub(-1) == "b" and #b == len + 1)
  assert(s:sub(2, len - 1) == string.rep("a", math.max(len - 2, 0)))
  local t = {}
  t[s] = len
  t[b] = -len
  assert(t[string.rep("a", len)] == len)
  if len % 5 == 0 then keep[#keep + 1] = b end
  if len % 17 == 0 then collectgarbage("collect") end
end
for i, s in ipairs(keep) do assert(#s == (i - 1) * 5 + 1) end
keep = nil
collectgarbage("collect")

-- many distinct short strings: the string table grows and shrinks
for round = 1, 3 do
  local names = {}
  for i = 1, 20000 do names[i] = "n" .. round .. "-" .. i end
  local set = {}
  for i = 1, 20000 do set[names[i]] = i end
  for i = 1, 20000, 3 do set[names[i]] = nil end
  names = nil
  collectgarbage("collect")
  for i = 2, 20000, 3 do assert(set["n" .. round .. "-" .. i] == i) end
end

-- gsub, format, byte/char at every length
for len = 0, 600, 7 do
  local s = string.rep("xy", len)
  local r = s:gsub("x", "ab")
  assert(#r == len * 3)
  local f = string.format("%s|%d", s, len)
  assert(#f == #s + 1 + #tostring(len))
  if len > 0 then assert(s:byte(1) == 120 and string.char(s:byte(-1)) == "y") end
end
