function InterpretHealth(obj)
  local m = require('json')
  return true
end
