function ReflectStatus(obj)
  return {pct = obj.status.readyReplicas * 100 / obj.status.total}
end
