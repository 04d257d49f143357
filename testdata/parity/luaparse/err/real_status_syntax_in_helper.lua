local function helper(x)
  if x then
    return x +
  end
end
function ReflectStatus(obj)
  return {}
end
