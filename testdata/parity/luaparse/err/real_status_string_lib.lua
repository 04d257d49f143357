function ReflectStatus(obj)
  local p = string.find(obj.metadata.name, 'w', 1, true)
  return {p = p, sub = string.sub(obj.metadata.name, 1, 2), len = #obj.metadata.name}
end
