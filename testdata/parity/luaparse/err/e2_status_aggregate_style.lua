function ReflectStatus(obj)
  local s = {}
  s.ready = obj.status.readyReplicas + obj.status.unavailable
  return s
end
