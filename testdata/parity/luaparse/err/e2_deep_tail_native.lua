local function name(o) return string.upper(o.metadata.missing) end
function InterpretHealth(obj)
  local n = name(obj)
  return true
end
