function ReflectStatus(obj)
  assert(type(obj.spec.replicas) == 'string', 'replicas must be a string')
  return {}
end
