function ReflectStatus(obj)
  if obj.status.readyReplicas >= obj.status.total then return {ok = true} end
  return {ok = false}
end
