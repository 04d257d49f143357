function GetReplicas(desiredObj)
  local replica = desiredObj.spec.replicas
  local requirement = {}
  requirement.resourceRequest = desiredObj.spec.template.spec.containers[1].resources.requests
  requirement.nodeClaim = {}
  return replica, requirement
end
