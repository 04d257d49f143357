function InterpretHealth(obj)
  for _, c in ipairs(obj.status.conditions) do
    if c.type == 'Ready' then return c.status == 'True' end
  end
  return false
end
