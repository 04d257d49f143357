function InterpretHealth(obj)
  local s = [==[ abc ]=]
  return true
end
