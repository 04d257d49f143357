function ReflectStatus(observedObj)
  local s = [[
line1
line2]]
  local t = "tab\tend\065\x41"
  return {s = s, t = t, n = #s}
end
