function ReflectStatus(obj)
  local v = 1;;; v = v + 1;
  return {v = v};
end
