-- 0009_rail_suspense_raw: placeholder, filled in by its change
SELECT 1;
