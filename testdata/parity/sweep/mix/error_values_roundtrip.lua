function ReflectStatus(observedObj)
  local r = {}
  for _, v in ipairs({"s", 1, true, 2.5}) do
    local ok, e = pcall(error, v)
    r[#r + 1] = type(e) .. ":" .. tostring(e)
  end
  return {r = table.concat(r, ",")}
end
