function InterpretHealth(obj)
  assert(obj.status.missing, 'status missing')
  return true
end
