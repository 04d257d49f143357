function ReflectStatus(obj)
  do return {v = 1}; end
end
