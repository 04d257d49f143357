function InterpretHealth(obj)
  return é == nil
end
