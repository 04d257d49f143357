function InterpretHealth(observedObj)
  local l = {3, 1, 2, 5, 4}
  local errs = 0
  table.sort(l, function(a, b)
    local ok = pcall(function() if a == b then error("same") end end)
    if not ok then errs = errs + 1 end
    return a < b
  end)
  return l[1] == 1 and errs == 0
end
