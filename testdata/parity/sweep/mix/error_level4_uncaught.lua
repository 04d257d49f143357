local function inner() error("deep", 4) end
local function middle() inner() end
function InterpretHealth(observedObj)
  middle()
  return true
end
