function InterpretHealth(obj)
  local t, k = nil, 'abc'
  return t[k]
  return true
end
