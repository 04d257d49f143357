function ReflectStatus(observedObj)
  local function f() return 1, nil, 3 end
  local r = {pcall(f)}
  return {n = select("#", pcall(f)), len = #r, last = r[4]}
end
