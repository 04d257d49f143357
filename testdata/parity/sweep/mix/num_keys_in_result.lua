function ReflectStatus(observedObj)
  local t = {}
  t[1] = "a"
  t["2"] = "b"
  t[3] = "c"
  return {t = t}
end
