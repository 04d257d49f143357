function InterpretHealth(obj)
  return error("boom")
end
