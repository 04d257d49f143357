function ReflectStatus(obj)
  return {summary = 'ready ' .. obj.status.readyReplicas .. '/' .. obj.status.total}
end
