function InterpretHealth(obj)
  ::1::
  return true
end
