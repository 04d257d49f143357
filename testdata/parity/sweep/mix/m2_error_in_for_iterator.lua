function ReflectStatus(observedObj)
  local function iter(t, i)
    i = i + 1
    if i > 2 then return nil end
    return i, t[i].name
  end
  local names = {}
  for i, n in iter, {{name = "a"}, {name = "b"}}, 0 do names[#names + 1] = n end
  for i, n in iter, {{name = "a"}}, 0 do names[#names + 1] = n end
  return {names = names}
end
