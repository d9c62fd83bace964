-- 0012_suspense_resolution: reserved; filled in by its issue's work (a no-op until then)
SELECT 1;
