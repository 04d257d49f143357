function InterpretHealth(obj)
  local function helper(x)
    if x > 1 then
      return x +
    end
  end
  return true
end
