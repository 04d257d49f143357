function InterpretHealth(obj)
  --[==[ comment ]] ]==] local a = 1
  return true
end
