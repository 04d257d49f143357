local x = 1
local function helper()
  if x then
    goto fin
  end
end
function ReflectStatus(obj)
  return {}
end
