local cfg
function InterpretHealth(obj)
  return cfg.enabled
end
