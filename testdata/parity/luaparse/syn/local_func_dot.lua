function InterpretHealth(obj)
  local function a.b() end
  return true
end
