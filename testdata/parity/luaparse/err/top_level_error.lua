local x = nil
local y = x.field
function InterpretHealth(obj)
  return true
end
