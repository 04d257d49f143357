function ReflectStatus(observedObj)
  local t = {1, 2, 3, 4, 5}
  t[3] = nil
  local a = #t
  table.remove(t)
  local b = #t
  t[#t + 1] = "x"
  return {a = a, b = b, c = #t, last = tostring(t[#t])}
end
