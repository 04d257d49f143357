function AggregateStatus(desiredObj, statusItems)
  local ok, e = pcall(function() error(42) end)
  local ok2, e2 = pcall(error, 3.5)
  desiredObj.status = {t = type(e), e = e, e2 = e2, s = "v" .. e2}
  return desiredObj
end
