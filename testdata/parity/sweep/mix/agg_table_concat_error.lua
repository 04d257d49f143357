function AggregateStatus(desiredObj, statusItems)
  local ok, e = pcall(table.concat, {1, {}, 3}, ",")
  local ok2, e2 = pcall(table.concat, {1, 2, 3}, ",", 1, 5)
  local ok3, e3 = pcall(table.concat, {1, true}, ",")
  desiredObj.status = {e = tostring(e), e2 = tostring(e2), e3 = tostring(e3)}
  return desiredObj
end
