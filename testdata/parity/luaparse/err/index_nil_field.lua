function InterpretHealth(obj)
  local x = obj.spec.template.spec
  return true
end
