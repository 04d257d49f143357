local function ratio(a, b)
  return a / b
end
local function pct(s)
  local r = ratio(s.ready, s.total)
  return r * 100
end
function ReflectStatus(obj)
  return {pct = pct(obj.status)}
end
