function ReflectStatus(obj)
  return {a = tostring(1e15), b = tostring(0.1), c = tostring(-0.0), d = 7 .. ''}
end
