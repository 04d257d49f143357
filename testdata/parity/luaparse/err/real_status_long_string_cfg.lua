function ReflectStatus(obj)
  local cfg = [[
key: value
other: [[x]]
]]
  return {n = #cfg}
end
