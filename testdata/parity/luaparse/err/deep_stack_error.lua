local function a(t) return t.x.y end
local function b(t) return a(t) end
local function c(t) return b(t) end
function InterpretHealth(obj)
  local r = c(obj)
  return r
end
