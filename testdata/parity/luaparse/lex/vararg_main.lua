local n = select('#', ...)
function ReflectStatus(obj)
  return {v = n}
end
