function Retain(desiredObj, observedObj)
  local labels = {}
  labels.zeta = "1"
  labels.alpha = "2"
  labels.mid = "3"
  labels.alpha = nil
  labels.alpha = "4"
  local order = {}
  for k, v in pairs(labels) do order[#order + 1] = k .. v end
  desiredObj.metadata.annotations = {order = table.concat(order, ",")}
  desiredObj.metadata.labels = labels
  return desiredObj
end
