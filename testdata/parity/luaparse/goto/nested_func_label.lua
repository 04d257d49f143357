function ReflectStatus(obj)
  local function f(n)
    local r = 0
    ::loop::
    if n > 0 then r = r + n; n = n - 1; goto loop end
    return r
  end
  return {r = f(4)}
end
