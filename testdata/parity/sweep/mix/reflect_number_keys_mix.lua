function ReflectStatus(observedObj)
  local t = {}
  t[2] = "b"; t[1] = "a"; t.x = "x"; t[3] = "c"; t[10] = "j"; t.y = "y"
  local s = {}
  for k, v in pairs(t) do s[#s + 1] = tostring(k) .. "=" .. v end
  return {s = table.concat(s, " "), n = #t}
end
