function ReflectStatus(observedObj)
  local function c(x) return x.missing.deeper end
  local function b(x) return c(x) end
  return {v = b(observedObj)}
end
