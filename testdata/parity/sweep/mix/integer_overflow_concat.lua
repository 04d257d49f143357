function ReflectStatus(observedObj)
  local a = 9007199254740993
  local b = 2^63 - 1
  local c = -2^63 - 1
  return {a = "" .. a, b = "" .. b, c = "" .. c, d = string.format("%d", 2^62)}
end
