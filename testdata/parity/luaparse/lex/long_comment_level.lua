function ReflectStatus(obj)
  --[==[ x ]] ]==] local v = 2
  return {v = v}
end
