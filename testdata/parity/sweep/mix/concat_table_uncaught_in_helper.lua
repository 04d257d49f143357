function InterpretHealth(observedObj)
  local function msg(parts) return table.concat(parts, ", ") end
  return msg({"a", {}, "c"}) ~= ""
end
