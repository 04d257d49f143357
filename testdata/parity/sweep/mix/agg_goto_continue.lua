function AggregateStatus(desiredObj, statusItems)
  local names = {}
  for _, it in ipairs(statusItems) do
    if not it.applied then goto continue end
    if it.status == nil then goto continue end
    names[#names + 1] = it.clusterName
    ::continue::
  end
  desiredObj.status = {applied = table.concat(names, ","), n = #names}
  return desiredObj
end
