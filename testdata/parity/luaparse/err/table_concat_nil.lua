function InterpretHealth(obj)
  local s = table.concat(nil)
  return true
end
