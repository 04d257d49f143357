local function fmt(c)
  return c.type .. "=" .. c.status .. "(" .. c.reason .. ")"
end
function Retain(desiredObj, observedObj)
  local out = {}
  for _, c in ipairs(observedObj.status.conditions) do out[#out + 1] = fmt(c) end
  desiredObj.metadata.annotations = {c = table.concat(out, ",")}
  return desiredObj
end
