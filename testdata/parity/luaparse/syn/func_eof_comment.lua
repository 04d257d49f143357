function InterpretHealth(obj)
-- c