local function a()
  error('deep', 3)
end
local function b()
  a()
end
function InterpretHealth(obj)
  b()
  return true
end
