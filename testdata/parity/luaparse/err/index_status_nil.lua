function InterpretHealth(obj)
  return obj.status.conditions[1].type == 'Ready'
  return true
end
