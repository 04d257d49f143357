local function must(v, what)
  if v == nil then error(what .. ' is required', 2) end
  return v
end
function ReflectStatus(obj)
  local r = must(obj.status.missing, 'status.missing')
  return {r = r}
end
