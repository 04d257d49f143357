function ReflectStatus(obj)
  local st = {}
  local keys = {'replicas', 'readyReplicas', 'missing'}
  for i = 1, #keys do
    local v = obj.status[keys[i]]
    if v == nil then goto skip end
    st[keys[i]] = v
    ::skip::
  end
  return st
end
