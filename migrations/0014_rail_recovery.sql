-- 0014_rail_recovery: reserved; filled in by its issue's work (a no-op until then)
SELECT 1;
