function AggregateStatus(desiredObj, statusItems)
  local ok, e = pcall(next, {}, "nokey")
  local ok2, e2 = pcall(next, {a = 1}, "b")
  local k, v = next({})
  desiredObj.status = {ok = ok, e = tostring(e), ok2 = ok2, e2 = tostring(e2), k = tostring(k)}
  return desiredObj
end
