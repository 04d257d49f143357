function InterpretHealth(obj)
  ;;; local x = 1;
  return true
end
