local Obj = {}
Obj.__index = Obj
function Obj.new(o) return setmetatable({o = o}, Obj) end
function Obj:replicas() return self.o.spec.replicas + self.o.spec.missing end
function ReflectStatus(observedObj)
  return {r = Obj.new(observedObj):replicas()}
end
