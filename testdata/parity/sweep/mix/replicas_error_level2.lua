local function must(v, name)
  if v == nil then error(name .. " required", 2) end
  return v
end
function GetReplicas(desiredObj)
  local r = must(desiredObj.spec.maxReplicas, "spec.maxReplicas")
  return r, {}
end
