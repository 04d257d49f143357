function AggregateStatus(desiredObj, statusItems)
  local l = {5, 3, 9, 1, 7, 3, 2, 8, 6, 4, 10, 12, 11, 15, 14, 13}
  local ok, err = pcall(table.sort, l, function(a, b) return true end)
  desiredObj.status = {ok = ok, err = tostring(err), first = l[1]}
  return desiredObj
end
