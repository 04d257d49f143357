function InterpretHealth(obj)
  local r = obj.status.readyReplicas;;
  return r ~= nil and r > 0;
end
