local function f(s)
  return string.upper(s)
end
function InterpretHealth(obj)
  return f(nil) == "X"
end
