function InterpretHealth(obj)
  function a:b.c() end
  return true
end
