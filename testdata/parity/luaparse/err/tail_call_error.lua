local function a(t) return t.x.y end
local function b(t) return a(t) end
function InterpretHealth(obj)
  return b(obj)
end
