function ReflectStatus(obj)
  --[[ comment
  still ]] local v = 1
  return {v = v}
end
