function InterpretHealth(obj)
  function 'a'() end
  return true
end
