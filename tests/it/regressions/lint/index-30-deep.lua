function InterpretHealth(o) return o[o[o[o[o[o[o[o[o[o[o[o[o[o[o[o[o[o[o[o[o[o[o[o[o[o[o[o[o[o[o]]]]]]]]]]]]]]]]]]]]]]]]]]]]]] ~= nil end
