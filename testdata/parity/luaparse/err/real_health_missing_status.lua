function InterpretHealth(obj)
  return obj.status.conditions[1].status == 'True'
end
