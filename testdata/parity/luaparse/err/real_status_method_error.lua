function ReflectStatus(obj)
  local name = obj.metadata.name:upper()
  local ns = obj.metadata.labels:lower()
  return {name = name}
end
