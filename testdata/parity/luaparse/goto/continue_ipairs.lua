function ReflectStatus(obj)
  local names = {}
  for _, c in ipairs({{type='Ready', status='True'}, {type='Synced', status='False'}, {type='Healthy', status='True'}}) do
    if c.status ~= 'True' then
      goto next
    end
    names[#names + 1] = c.type
    ::next::
  end
  return {names = table.concat(names, ',')}
end
