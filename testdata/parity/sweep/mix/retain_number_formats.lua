function Retain(desiredObj, observedObj)
  local a = {}
  for _, v in ipairs({1, 1.5, 100000000000000, 1e15, 1e16, 2^63, -2^63, 0.1, 1/0, -1/0, 123456789012, 3.14159265358979}) do
    a[#a + 1] = tostring(v) .. "|" .. v
  end
  desiredObj.metadata.annotations = {n = table.concat(a, " ")}
  return desiredObj
end
