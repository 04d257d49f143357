function InterpretHealth(obj)
  assert(obj.status.missing ~= nil, 'missing: ' .. 'status')
  return true
end
