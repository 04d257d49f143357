local function byReady(a, b)
  return a.ready < b.ready
end
function ReflectStatus(observedObj)
  local l = {{ready = 1}, {ready = 2}, {}, {ready = 0}}
  table.sort(l, byReady)
  return {n = #l}
end
